import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { type BuyerDemandAnswer, type BuyerDemandRow, DEMAND_GROUPING_LABELS } from '@offplan/shared';
import { IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import {
  demandTableCells,
  demandTableHeader,
  downloadDemandCsv,
  formatDemandCell,
} from '../lib/demand-table.ts';

/** Groups the chart names; the table lists every one. */
const CHART_GROUPS = 12;

function Figure({ label, value, hint }: { label: string; value: number; hint: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value.toLocaleString('en-AU')}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}

export function DemandFigures({ answer }: { answer: BuyerDemandAnswer }) {
  const outrunning = answer.rows.filter((row) => row.outrunsSupply).length;
  const grouping = DEMAND_GROUPING_LABELS[answer.groupBy].toLowerCase();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" component="section" aria-label="Totals">
      <Figure label="Enquiries" value={answer.totals.enquiries} hint="Leads received on listings" />
      <Figure
        label="Searches"
        value={answer.totals.searches}
        hint="Searches on the marketplace, one per suburb"
      />
      <Figure
        label="Demand outruns supply"
        value={outrunning}
        hint={
          answer.comparesSupply
            ? `Groups by ${grouping} with at least as much demand as units in stock`
            : 'Buyer types have no stock to compare: group by suburb, bedrooms or budget'
        }
      />
    </SimpleGrid>
  );
}

/** Demand beside units in stock for the first groups of the table (outrunning supply first). */
export function DemandChart({
  answer,
  rows,
}: {
  answer: BuyerDemandAnswer;
  rows: readonly BuyerDemandRow[];
}) {
  const descriptionId = useId();
  const charted = rows.slice(0, CHART_GROUPS).map((row) => ({
    group: row.label,
    Demand: row.demand,
    ...(answer.comparesSupply ? { 'Units in stock': row.supplyStock ?? 0 } : {}),
  }));
  const grouping = DEMAND_GROUPING_LABELS[answer.groupBy].toLowerCase();
  return (
    <Paper withBorder p="md" component="section" aria-label="Demand chart">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={3} size="h5">
            Demand by {grouping}
          </Title>
          <Text size="xs" c="dimmed" id={descriptionId}>
            {answer.comparesSupply
              ? `Enquiries and searches beside the units in stock, for the first ${Math.min(CHART_GROUPS, rows.length)} groups of the table.`
              : `Enquiries and searches for the first ${Math.min(CHART_GROUPS, rows.length)} groups of the table.`}
          </Text>
        </Stack>
        <div role="img" aria-label={`Demand by ${grouping}`} aria-describedby={descriptionId}>
          <BarChart
            h={Math.max(180, charted.length * 40 + 60)}
            data={charted}
            dataKey="group"
            orientation="vertical"
            withLegend
            series={[
              { name: 'Demand', color: 'brand.6' },
              ...(answer.comparesSupply ? [{ name: 'Units in stock', color: 'gray.5' }] : []),
            ]}
            valueFormatter={(value) => value.toLocaleString('en-AU')}
            yAxisProps={{ width: 170 }}
            gridAxis="x"
          />
        </div>
      </Stack>
    </Paper>
  );
}

/** Every group of the period, demand outrunning supply first and marked; the CSV is this table. */
export function DemandTable({
  answer,
  rows,
  outrunningOnly,
  onOutrunningOnly,
}: {
  answer: BuyerDemandAnswer;
  rows: readonly BuyerDemandRow[];
  outrunningOnly: boolean;
  onOutrunningOnly: (value: boolean) => void;
}) {
  const header = demandTableHeader(answer);
  const title = `Demand and supply by ${DEMAND_GROUPING_LABELS[answer.groupBy].toLowerCase()}`;
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5">
            {title}
          </Title>
          <Group gap="md">
            {answer.comparesSupply ? (
              <Switch
                label="Only where demand outruns supply"
                checked={outrunningOnly}
                onChange={(event) => onOutrunningOnly(event.currentTarget.checked)}
              />
            ) : null}
            <Button
              variant="default"
              size="xs"
              leftSection={<IconDownload size={14} stroke={1.6} />}
              onClick={() => downloadDemandCsv(answer, rows)}
              disabled={rows.length === 0}
            >
              Export CSV
            </Button>
          </Group>
        </Group>
        <Table.ScrollContainer
          minWidth={answer.comparesSupply ? 960 : 480}
          scrollAreaProps={{
            viewportProps: { tabIndex: 0, role: 'region', 'aria-label': `${title}, scrollable` },
          }}
        >
          <Table striped highlightOnHover aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                {header.map((label, index) => (
                  <Table.Th key={label} ta={index === 0 ? 'left' : 'right'}>
                    {label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <DemandTableRow
                  key={row.key ?? 'none'}
                  row={row}
                  header={header}
                  comparesSupply={answer.comparesSupply}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            Demand outruns supply nowhere in this period. Turn the switch off to see every group.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function DemandTableRow({
  row,
  header,
  comparesSupply,
}: {
  row: BuyerDemandRow;
  header: string[];
  comparesSupply: boolean;
}) {
  const cells = demandTableCells(row, comparesSupply);
  return (
    <Table.Tr data-testid="demand-row" data-outruns={row.outrunsSupply || undefined}>
      {cells.map((cell, index) => {
        const column = header[index]!;
        const text = formatDemandCell(cell, column);
        const outrunFlag = column === 'Demand outruns supply' && cell === 'Yes';
        return (
          <Table.Td
            key={column}
            ta={index === 0 ? 'left' : 'right'}
            fw={index === 0 && row.outrunsSupply ? 600 : undefined}
            style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
          >
            {outrunFlag ? (
              <Badge color="red" variant="light" aria-label="Yes: demand outruns supply">
                {text}
              </Badge>
            ) : (
              text
            )}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}
