import { BarChart, LineChart } from '@mantine/charts';
import { type BuyerFeedbackAnswer, STAR_RATING_MAX } from '@offplan/shared';
import { formatStars, periodLabel } from '../lib/format.ts';
import { ChartPanel } from './chart-panel.tsx';

const STARS = Array.from({ length: STAR_RATING_MAX + 1 }, (_, stars) => stars);
const starsLabel = (stars: number) => `${stars} ${stars === 1 ? 'star' : 'stars'}`;

/** How many ratings gave each number of stars (0–5), for the project and for the agent. */
export function DistributionChart({ answer, fileStem }: { answer: BuyerFeedbackAnswer; fileStem: string }) {
  const data = STARS.map((stars) => ({
    stars: starsLabel(stars),
    Project: answer.project.distribution[stars] ?? 0,
    Agent: answer.agent.distribution[stars] ?? 0,
  }));
  return (
    <ChartPanel
      title="Rating distribution"
      description="How many buyers gave each number of stars, for the project and for the agent."
      fileName={`${fileStem}-distribution`}
      table={{
        header: ['Stars', 'Project ratings', 'Agent ratings'],
        rows: data.map((row) => [row.stars, row.Project, row.Agent]),
      }}
    >
      <BarChart
        h={260}
        data={data}
        dataKey="stars"
        series={[
          { name: 'Project', color: 'brand.6' },
          { name: 'Agent', color: 'orange.6' },
        ]}
        withLegend
        yAxisProps={{ allowDecimals: false, width: 40 }}
      />
    </ChartPanel>
  );
}

/** Average stars per period, for the project and the agent. */
export function TrendChart({ answer, fileStem }: { answer: BuyerFeedbackAnswer; fileStem: string }) {
  const data = answer.trend.map((point) => ({
    period: periodLabel(point.periodStart, answer.period),
    Project: point.projectAverage,
    Agent: point.agentAverage,
  }));
  return (
    <ChartPanel
      title="Rating trend"
      description={`Average stars per ${answer.period.toLowerCase()}, ${answer.startDate} to ${answer.endDate}.`}
      fileName={`${fileStem}-trend`}
      table={{
        header: ['Period', 'Responses', 'Project average', 'Agent average'],
        rows: answer.trend.map((point) => [
          periodLabel(point.periodStart, answer.period),
          point.responses,
          formatStars(point.projectAverage),
          formatStars(point.agentAverage),
        ]),
      }}
    >
      <LineChart
        h={260}
        data={data}
        dataKey="period"
        series={[
          { name: 'Project', color: 'brand.6' },
          { name: 'Agent', color: 'orange.6' },
        ]}
        withLegend
        connectNulls
        curveType="monotone"
        yAxisProps={{ domain: [0, STAR_RATING_MAX], ticks: STARS, width: 40 }}
        valueFormatter={(value) => formatStars(value)}
      />
    </ChartPanel>
  );
}
