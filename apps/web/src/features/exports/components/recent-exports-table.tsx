import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  EXPORT_DATASET_LABELS,
  EXPORT_OUTCOME_LABELS,
  type ExportOutcome,
  RECENT_EXPORTS_LIMIT,
} from '@offplan/shared';
import { useSuspenseQuery } from '@tanstack/react-query';
import { exactTime } from '../../../lib/dates.ts';
import { recentExportsQueryOptions } from '../api/exports.ts';
import { rangeLabel } from '../lib/export-range.ts';

const OUTCOME_COLOURS: Record<ExportOutcome, string> = { finished: 'green', aborted: 'gray', failed: 'red' };
const count = new Intl.NumberFormat('en-AU');

/** The latest exports of every admin, from the audit log: who took which rows, and how it ended. */
export function RecentExportsTable() {
  const { data } = useSuspenseQuery(recentExportsQueryOptions());
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            Recent exports
          </Title>
          <Text size="sm" c="dimmed">
            The last {RECENT_EXPORTS_LIMIT} exports by any admin, as the audit log recorded them.
          </Text>
        </div>
        {data.items.length === 0 ? (
          <Text size="sm">No exports yet. Choose a dataset and a range above, then export it.</Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="xs" aria-label="Recent exports">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>Dataset</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th ta="right">Rows</Table.Th>
                  <Table.Th>Outcome</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>{exactTime(item.at)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{item.actorName ?? 'Deleted user'}</Text>
                      {item.actorEmail ? (
                        <Text size="xs" c="dimmed">
                          {item.actorEmail}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{EXPORT_DATASET_LABELS[item.dataset]}</Table.Td>
                    <Table.Td>{rangeLabel(item)}</Table.Td>
                    <Table.Td ta="right">
                      {item.outcome === 'finished'
                        ? count.format(item.rows)
                        : `${count.format(item.rows)} of ${count.format(item.expectedRows)}`}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={OUTCOME_COLOURS[item.outcome]} variant="dot">
                        {EXPORT_OUTCOME_LABELS[item.outcome]}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
