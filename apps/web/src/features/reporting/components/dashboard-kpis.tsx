import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ListingPerformanceAnswer, PerformanceFigure } from '@offplan/shared';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { listingPerformanceQueryOptions } from '../api/reporting.ts';
import { changeOf, formatChange, formatFigure } from '../lib/format.ts';
import { DEFAULT_RANGE_DAYS, resolveRange } from '../lib/report-range.ts';
import { Sparkline } from './sparkline.tsx';

/** The dashboard's period: the report's default range, by day, for every project the user sees. */
function dashboardQuery(projectIds?: number[]) {
  return listingPerformanceQueryOptions(
    {
      ...resolveRange({ startDate: null, endDate: null }),
      period: 'DAY',
      buyerType: 'ALL',
      ...(projectIds ? { projectIds } : {}),
    },
    // The pending view draws these figures, then the page: one call serves both.
    { outlivesUnmount: true },
  );
}

const SPARKLINE_HEIGHT = 28;

/** Where a card leads: every project or one (its id), and the figure to chart. */
type KpiLink = { projects: 'all' | number; figure: PerformanceFigure };

/** The dashboard's figures (design §4), before the top project. */
const DASHBOARD_FIGURES: { figure: 'pageViews' | 'enquiries' | 'conversion'; label: string }[] = [
  { figure: 'pageViews', label: 'Views' },
  { figure: 'enquiries', label: 'Enquiries' },
  { figure: 'conversion', label: 'Conversion' },
];

/**
 * One figure's card. While the figures load it shows the same rows at the same heights with
 * skeletons over them, so the project cards below do not move when the figures arrive.
 */
function KpiCard({
  label,
  value,
  detail,
  trend,
  link,
  loading = false,
}: {
  label: string;
  value: ReactNode;
  detail: ReactNode;
  trend: number[];
  link: KpiLink;
  loading?: boolean;
}) {
  const covered = (row: ReactNode, width: string) =>
    loading ? <Skeleton width={width}>{row}</Skeleton> : row;
  return (
    <Paper withBorder p="sm">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Anchor
            size="xs"
            aria-label={`Open the ${label.toLowerCase()} report`}
            renderRoot={(props) => (
              <Link
                {...props}
                to="/reporting/listing-performance"
                search={{ projects: link.projects, figure: link.figure, range: 'default' }}
              />
            )}
          >
            <IconArrowRight size={14} />
          </Anchor>
        </Group>
        {covered(
          <Text
            // A project's name needs more room than a number.
            fz={typeof value === 'string' && value.length > 12 ? 17 : 22}
            fw={700}
            lh="28px"
            truncate
            title={typeof value === 'string' ? value : undefined}
          >
            {value}
          </Text>,
          '40%',
        )}
        {covered(
          <Text size="xs" c="dimmed" truncate>
            {detail}
          </Text>,
          '70%',
        )}
        {loading ? <Skeleton h={SPARKLINE_HEIGHT} /> : <Sparkline values={trend} height={SPARKLINE_HEIGHT} />}
      </Stack>
    </Paper>
  );
}

function changeText(figure: PerformanceFigure, answer: ListingPerformanceAnswer): string {
  const change = changeOf(answer.totals[figure], answer.previous[figure]);
  return change === null
    ? `Last ${DEFAULT_RANGE_DAYS} days`
    : `${formatChange(change)} on the previous ${DEFAULT_RANGE_DAYS} days`;
}

function TopProjectCard({ answer }: { answer: ListingPerformanceAnswer }) {
  const top = answer.byProject[0];
  // The top project's own days: a second small read, only once the first named it.
  const { data } = useQuery({ ...dashboardQuery(top ? [top.projectId] : []), enabled: Boolean(top) });
  if (!top || top.pageViews === 0) {
    return (
      <KpiCard
        label="Top project"
        value="–"
        detail="No views yet"
        trend={[]}
        link={{ projects: 'all', figure: 'pageViews' }}
      />
    );
  }
  return (
    <KpiCard
      label="Top project"
      value={top.title}
      detail={`${formatFigure('pageViews', top.pageViews)} views · ${formatFigure('enquiries', top.enquiries)} enquiries`}
      trend={data?.series.map((point) => point.pageViews) ?? []}
      link={{ projects: top.projectId, figure: 'pageViews' }}
    />
  );
}

/**
 * Design §4 dashboard KPIs above the project cards: views, enquiries, conversion and the top project
 * over the last 30 days, each with its trend and a link into the report filtered the same way.
 */
export function DashboardKpis() {
  // An addition to the dashboard, not its content: the cards show whether or not this read succeeds.
  const { data: answer, isError } = useQuery(dashboardQuery());
  if (isError) return null;
  if (!answer) {
    return (
      <SimpleGrid
        cols={{ base: 1, xs: 2, lg: 4 }}
        spacing="sm"
        component="section"
        aria-busy="true"
        aria-label="Loading key figures"
      >
        {[...DASHBOARD_FIGURES, { figure: 'pageViews' as const, label: 'Top project' }].map(
          ({ figure, label }) => (
            <KpiCard
              key={label}
              label={label}
              // A blank line each: the rows keep their heights and a screen reader reads nothing.
              value={'\u00a0'}
              detail={'\u00a0'}
              trend={[]}
              link={{ projects: 'all', figure }}
              loading
            />
          ),
        )}
      </SimpleGrid>
    );
  }
  const trend = (figure: PerformanceFigure) => answer.series.map((point) => point[figure] ?? 0);
  const all = 'all' as const;
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, lg: 4 }}
      spacing="sm"
      component="section"
      aria-label={`Last ${DEFAULT_RANGE_DAYS} days`}
    >
      {DASHBOARD_FIGURES.map(({ figure, label }) => (
        <KpiCard
          key={figure}
          label={label}
          value={formatFigure(figure, answer.totals[figure])}
          detail={changeText(figure, answer)}
          trend={trend(figure)}
          link={{ projects: all, figure }}
        />
      ))}
      <TopProjectCard answer={answer} />
    </SimpleGrid>
  );
}
