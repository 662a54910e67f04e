import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  type ListingPerformanceAnswer,
  PERFORMANCE_FIGURE_LABELS,
  PERFORMANCE_FIGURES,
  type PerformanceFigures,
} from '@offplan/shared';
import { IconDownload } from '@tabler/icons-react';
import { type CsvCell, downloadCsv } from '../../../lib/csv.ts';
import { formatFigure } from '../lib/format.ts';
import { ScrollTable } from './scroll-table.tsx';

export const PERFORMANCE_TABLE_HEADER = [
  'Project',
  ...PERFORMANCE_FIGURES.map((figure) => PERFORMANCE_FIGURE_LABELS[figure]),
];

/** Conversion as the table shows it (a percentage), counts as plain numbers a spreadsheet can sum. */
function csvFigures(figures: PerformanceFigures): CsvCell[] {
  return PERFORMANCE_FIGURES.map((figure) =>
    figure === 'conversion'
      ? figures.conversion === null
        ? null
        : formatFigure(figure, figures.conversion)
      : figures[figure],
  );
}

/** The table's rows as the CSV holds them: one per project, then the total of the selection. */
export function performanceCsvRows(answer: ListingPerformanceAnswer): CsvCell[][] {
  return [
    ...answer.byProject.map((project) => [project.title, ...csvFigures(project)]),
    ['All selected projects', ...csvFigures(answer.totals)],
  ];
}

function FigureCells({ figures }: { figures: PerformanceFigures }) {
  return PERFORMANCE_FIGURES.map((figure) => (
    <Table.Td key={figure} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatFigure(figure, figures[figure])}
    </Table.Td>
  ));
}

/** Figures by project with the selection's total, and the CSV of exactly this table. */
export function PerformanceTable({
  answer,
  fileStem,
}: {
  answer: ListingPerformanceAnswer;
  fileStem: string;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-label="Figures by project">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            Figures by project
          </Title>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} stroke={1.6} />}
            onClick={() =>
              downloadCsv(`${fileStem}.csv`, PERFORMANCE_TABLE_HEADER, performanceCsvRows(answer))
            }
          >
            Export CSV
          </Button>
        </Group>
        <ScrollTable label="Figures by project" minWidth={900}>
          <Table striped highlightOnHover aria-label="Figures by project">
            <Table.Thead>
              <Table.Tr>
                {PERFORMANCE_TABLE_HEADER.map((label, index) => (
                  <Table.Th key={label} ta={index === 0 ? 'left' : 'right'}>
                    {label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.byProject.map((project) => (
                <Table.Tr key={project.projectId} data-testid="performance-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{project.title}</Table.Td>
                  <FigureCells figures={project} />
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>All selected projects</Table.Td>
                <FigureCells figures={answer.totals} />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </ScrollTable>
        {answer.byProject.length === 0 ? (
          <Text size="sm" c="dimmed">
            No project matches these filters.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
