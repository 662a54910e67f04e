import { BarChart, LineChart } from '@mantine/charts';
import { Select } from '@mantine/core';
import {
  type ListingPerformanceAnswer,
  PERFORMANCE_FIGURE_LABELS,
  PERFORMANCE_FIGURES,
  type PerformanceFigure,
} from '@offplan/shared';
import { useReportingStore } from '../../../stores/reporting-store.ts';
import { coversWholePeriods, formatFigure, periodLabel } from '../lib/format.ts';
import { ChartPanel } from './chart-panel.tsx';

const FIGURE_OPTIONS = PERFORMANCE_FIGURES.map((value) => ({
  value,
  label: PERFORMANCE_FIGURE_LABELS[value],
}));
/** Projects the bar chart names; the table lists every one. */
const BAR_CHART_PROJECTS = 12;

function FigurePicker() {
  const figure = useReportingStore((state) => state.chartFigure);
  const select = useReportingStore((state) => state.select);
  return (
    <Select
      aria-label="Figure charted"
      size="xs"
      w={180}
      data={FIGURE_OPTIONS}
      value={figure}
      allowDeselect={false}
      onChange={(value) => value && select({ chartFigure: value as PerformanceFigure })}
    />
  );
}

/** The line chart over time and the bar chart by project, both of the figure picked. */
export function PerformanceCharts({
  answer,
  fileStem,
}: {
  answer: ListingPerformanceAnswer;
  fileStem: string;
}) {
  const figure = useReportingStore((state) => state.chartFigure);
  const label = PERFORMANCE_FIGURE_LABELS[figure];
  const format = (value: number) => formatFigure(figure, value);
  const overTime = answer.series.map((point) => ({
    period: periodLabel(point.periodStart, answer.period),
    [label]: point[figure] ?? 0,
  }));
  const byProject = answer.byProject
    .slice(0, BAR_CHART_PROJECTS)
    .map((project) => ({ project: project.title, [label]: project[figure] ?? 0 }));
  const periodName = answer.period.toLowerCase();

  return (
    <>
      <ChartPanel
        title={`${label} over time`}
        description={`${label} per ${periodName}, ${answer.startDate} to ${answer.endDate}.${
          coversWholePeriods(answer.startDate, answer.endDate, answer.period)
            ? ''
            : ` The first or last ${periodName} is only partly in the range.`
        }`}
        fileName={`${fileStem}-${figure}-over-time`}
        controls={<FigurePicker />}
        table={{
          header: ['Period', label],
          rows: answer.series.map((point) => [
            periodLabel(point.periodStart, answer.period),
            format(point[figure] ?? 0),
          ]),
        }}
      >
        <LineChart
          h={280}
          data={overTime}
          dataKey="period"
          series={[{ name: label, color: 'brand.6' }]}
          curveType="monotone"
          valueFormatter={format}
          withDots={overTime.length <= 40}
          tooltipAnimationDuration={150}
          yAxisProps={{ width: 56 }}
        />
      </ChartPanel>
      <ChartPanel
        title={`${label} by project`}
        description={
          answer.byProject.length > BAR_CHART_PROJECTS
            ? `The ${BAR_CHART_PROJECTS} projects with the most page views; the table lists all ${answer.byProject.length}.`
            : `${label} of each project, ${answer.startDate} to ${answer.endDate}.`
        }
        fileName={`${fileStem}-${figure}-by-project`}
        table={{
          header: ['Project', label],
          rows: answer.byProject.map((project) => [project.title, format(project[figure] ?? 0)]),
        }}
      >
        <BarChart
          h={Math.max(160, byProject.length * 36 + 40)}
          data={byProject}
          dataKey="project"
          orientation="vertical"
          series={[{ name: label, color: 'brand.6' }]}
          valueFormatter={format}
          yAxisProps={{ width: 160 }}
          gridAxis="x"
        />
      </ChartPanel>
    </>
  );
}
