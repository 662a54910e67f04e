import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  BENCHMARK_MIN_PROJECTS,
  type Benchmark,
  type ListingPerformanceAnswer,
  PERFORMANCE_FIGURE_LABELS,
  PERFORMANCE_FIGURES,
  type PerformanceFigure,
} from '@offplan/shared';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { changeOf, formatChange, formatFigure } from '../lib/format.ts';
import classes from './reporting.module.css';

function ChangeBadge({
  figure,
  current,
  previous,
}: {
  figure: PerformanceFigure;
  current: number | null;
  previous: number | null;
}) {
  const change = changeOf(current, previous);
  if (change === null) {
    return (
      <Text size="xs" c="dimmed">
        {previous === 0 || previous === null ? 'Nothing in the previous period' : 'No change'}
      </Text>
    );
  }
  const Arrow = change > 0 ? IconArrowUpRight : IconArrowDownRight;
  return (
    <Group
      gap={2}
      wrap="nowrap"
      className={change > 0 ? classes.up : change < 0 ? classes.down : undefined}
      aria-label={`${formatChange(change)} against the previous period (${formatFigure(figure, previous)})`}
    >
      {change !== 0 ? <Arrow size={14} aria-hidden="true" /> : null}
      <Text size="sm" fw={700} inherit>
        {formatChange(change)}
      </Text>
    </Group>
  );
}

/** The benchmark beside one figure: the group's quartiles, or why there are none. */
function BenchmarkLine({ figure, benchmarks }: { figure: PerformanceFigure; benchmarks: Benchmark[] }) {
  if (benchmarks.length === 0) return null;
  // Several groups: one figure cannot stand for all; the benchmark table below shows each.
  if (benchmarks.length > 1) return null;
  const [benchmark] = benchmarks as [Benchmark];
  const quartiles = benchmark.figures?.[figure];
  if (!quartiles) {
    return (
      <Text size="xs" c="dimmed">
        Not enough comparable projects for a benchmark ({benchmark.comparableProjects} of{' '}
        {BENCHMARK_MIN_PROJECTS})
      </Text>
    );
  }
  return (
    <Text size="xs" c="dimmed">
      Comparable median {formatFigure(figure, quartiles.median)} (middle half{' '}
      {formatFigure(figure, quartiles.q1)}–{formatFigure(figure, quartiles.q3)})
    </Text>
  );
}

/** One card per figure of design §4: the range's total, its change and the benchmark. */
export function KpiCards({ answer }: { answer: ListingPerformanceAnswer }) {
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 3, xl: 5 }}
      spacing="sm"
      component="section"
      aria-label="Key figures"
    >
      {PERFORMANCE_FIGURES.map((figure) => (
        <Paper key={figure} withBorder p="sm" data-testid={`kpi-${figure}`}>
          <Stack gap={4}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {PERFORMANCE_FIGURE_LABELS[figure]}
            </Text>
            <Group gap="xs" align="baseline">
              <Text fz={26} fw={700} lh={1.1} data-testid="kpi-value">
                {formatFigure(figure, answer.totals[figure])}
              </Text>
              <ChangeBadge
                figure={figure}
                current={answer.totals[figure]}
                previous={answer.previous[figure]}
              />
            </Group>
            <BenchmarkLine figure={figure} benchmarks={answer.benchmarks} />
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
