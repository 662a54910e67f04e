import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  BENCHMARK_MIN_PROJECTS,
  type Benchmark,
  PERFORMANCE_FIGURE_LABELS,
  PERFORMANCE_FIGURES,
  type PerformanceFigure,
} from '@offplan/shared';

type Quartiles = { q1: number; median: number; q3: number };

import { formatFigure } from '../lib/format.ts';
import { ScrollTable } from './scroll-table.tsx';

function groupName(benchmark: Benchmark): string {
  const type = benchmark.projectType ? benchmark.projectType.replaceAll('_', ' ').toLowerCase() : 'any type';
  return `${benchmark.state} · ${type} · ${benchmark.campaignType}`;
}

/** The median, with the middle half of the comparable projects under it. */
function QuartilesCell({ figure, quartiles }: { figure: PerformanceFigure; quartiles: Quartiles }) {
  return (
    <>
      <Text size="sm" fw={600}>
        {formatFigure(figure, quartiles.median)}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {formatFigure(figure, quartiles.q1)}–{formatFigure(figure, quartiles.q3)}
      </Text>
    </>
  );
}

/**
 * The anonymised benchmarks when the selection spans several project groups: per group, each
 * figure's median and middle half over the comparable projects, or why there is none.
 */
export function BenchmarkTable({
  benchmarks,
  titles,
}: {
  benchmarks: Benchmark[];
  titles: Map<number, string>;
}) {
  if (benchmarks.length < 2) return null;
  return (
    <Paper withBorder p="md" component="section" aria-label="Benchmarks">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Benchmarks by project group
        </Title>
        <Text size="xs" c="dimmed">
          The median of the comparable projects' totals for the same range, the middle half of them under it
          (same state, project type and campaign type); shown only when at least {BENCHMARK_MIN_PROJECTS}{' '}
          exist, and no project is named.
        </Text>
        <ScrollTable label="Benchmarks by project group" minWidth={900}>
          <Table striped aria-label="Benchmarks by project group">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Group (your projects)</Table.Th>
                {PERFORMANCE_FIGURES.map((figure) => (
                  <Table.Th key={figure}>{PERFORMANCE_FIGURE_LABELS[figure]}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {benchmarks.map((benchmark) => (
                <Table.Tr key={`${groupName(benchmark)}-${benchmark.projectIds.join(',')}`}>
                  <Table.Td miw={180}>
                    {groupName(benchmark)}
                    <Text size="xs" c="dimmed">
                      {benchmark.projectIds.map((id) => titles.get(id) ?? `#${id}`).join(', ')}
                    </Text>
                  </Table.Td>
                  {benchmark.figures ? (
                    PERFORMANCE_FIGURES.map((figure) => {
                      const quartiles = benchmark.figures?.[figure];
                      return (
                        <Table.Td key={figure}>
                          {quartiles ? <QuartilesCell figure={figure} quartiles={quartiles} /> : '–'}
                        </Table.Td>
                      );
                    })
                  ) : (
                    <Table.Td colSpan={PERFORMANCE_FIGURES.length}>
                      Not enough comparable projects for a benchmark ({benchmark.comparableProjects} of{' '}
                      {BENCHMARK_MIN_PROJECTS})
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Stack>
    </Paper>
  );
}
