import '@mantine/charts/styles.css';
import { Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPhoto, IconTable } from '@tabler/icons-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { downloadBlob } from '../../../lib/csv.ts';
import { chartToPng } from '../lib/chart-png.ts';
import { ScrollTable } from './scroll-table.tsx';

export type ChartTable = { header: string[]; rows: (string | number)[][] };

export type ChartPanelProps = {
  title: string;
  /** One sentence on what the chart shows, read with its name. */
  description: string;
  /** The PNG's file name, without extension. */
  fileName: string;
  /** The chart's figures: shown on request, and always there for screen readers. */
  table: ChartTable;
  /** Controls beside the title (the figure picker). */
  controls?: ReactNode;
  children: ReactNode;
};

function DataTable({ title, table, shown }: { title: string; table: ChartTable; shown: boolean }) {
  const body = (
    <Table striped withTableBorder aria-label={`${title} (data)`}>
      <Table.Thead>
        <Table.Tr>
          {table.header.map((cell) => (
            <Table.Th key={cell}>{cell}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {table.rows.map((row) => (
          <Table.Tr key={String(row[0])}>
            {row.map((cell, index) => (
              <Table.Td key={table.header[index]}>{cell}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  // Hidden, it is read, not scrolled: no scrolling box that would take a tab stop nobody sees.
  if (!shown) return <VisuallyHidden>{body}</VisuallyHidden>;
  return (
    <ScrollTable label={`${title} (data)`} minWidth={360}>
      {body}
    </ScrollTable>
  );
}

/**
 * A chart with its name, a PNG download and its data as a table. The chart is one image to
 * assistive technology (role img, named and described); its figures are in the table, which sighted
 * readers can open and screen readers always find.
 */
export function ChartPanel({ title, description, fileName, table, controls, children }: ChartPanelProps) {
  const chartRef = useRef<HTMLDivElement>(null);
  const paperRef = useRef<HTMLDivElement>(null);
  const [showTable, setShowTable] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const descriptionId = useId();

  const exportPng = async () => {
    if (!chartRef.current || !paperRef.current) return;
    setExportError(null);
    try {
      // The panel's own colours, so the image looks as the chart does in light and dark.
      const panel = getComputedStyle(paperRef.current);
      const style = {
        background: panel.backgroundColor || '#ffffff',
        color: panel.color || '#000000',
        fontFamily: panel.fontFamily || 'sans-serif',
        title: `${title} · ${description.replace(/\.$/, '')}`,
      };
      downloadBlob(await chartToPng(chartRef.current, style), `${fileName}.png`);
    } catch (error) {
      setExportError(error instanceof Error ? error.message : 'The chart could not be exported');
    }
  };

  return (
    <Paper withBorder p="md" ref={paperRef} component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2}>
            <Title order={3} size="h5">
              {title}
            </Title>
            <Text size="xs" c="dimmed" id={descriptionId}>
              {description}
            </Text>
          </Stack>
          <Group gap="xs">
            {controls}
            <Button
              variant="default"
              size="xs"
              leftSection={<IconTable size={14} stroke={1.6} />}
              aria-expanded={showTable}
              onClick={() => setShowTable((shown) => !shown)}
            >
              {showTable ? 'Hide data' : 'Show data'}
            </Button>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPhoto size={14} stroke={1.6} />}
              onClick={() => void exportPng()}
              aria-label={`Download ${title} as PNG`}
            >
              PNG
            </Button>
          </Group>
        </Group>
        {exportError ? (
          <Text size="sm" c="red" role="alert">
            {exportError}
          </Text>
        ) : null}
        <div ref={chartRef} role="img" aria-label={title} aria-describedby={descriptionId}>
          {children}
        </div>
        <DataTable title={title} table={table} shown={showTable} />
      </Stack>
    </Paper>
  );
}
