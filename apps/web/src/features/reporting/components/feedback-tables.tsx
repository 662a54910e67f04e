import { Button, Group, Stack, Table, Tabs, Text } from '@mantine/core';
import {
  BUYER_TYPE_LABELS,
  type BuyerFeedbackAnswer,
  type BuyerType,
  type RatingSummary,
} from '@offplan/shared';
import { IconDownload } from '@tabler/icons-react';
import { type CsvCell, downloadCsv } from '../../../lib/csv.ts';
import { sydneyDayOf } from '../../../lib/dates.ts';
import { useReportingStore } from '../../../stores/reporting-store.ts';
import { formatStars } from '../lib/format.ts';
import { ScrollTable } from './scroll-table.tsx';

type SummaryRow = RatingSummary & { key: string; name: string };
const SUMMARY_HEADER = ['Responses', 'Average stars', '0 ★', '1 ★', '2 ★', '3 ★', '4 ★', '5 ★'];

function summaryCells(row: RatingSummary): CsvCell[] {
  return [row.responses, formatStars(row.average), ...row.distribution];
}

function SummaryTable({
  label,
  nameHeader,
  rows,
  fileName,
}: {
  label: string;
  nameHeader: string;
  rows: SummaryRow[];
  fileName: string;
}) {
  const header = [nameHeader, ...SUMMARY_HEADER];
  return (
    <Stack gap="sm" pt="sm">
      <Group justify="flex-end">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} stroke={1.6} />}
          onClick={() =>
            downloadCsv(
              fileName,
              header,
              rows.map((row) => [row.name, ...summaryCells(row)]),
            )
          }
        >
          Export CSV
        </Button>
      </Group>
      <ScrollTable label={label} minWidth={640}>
        <Table striped highlightOnHover aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {header.map((cell, index) => (
                <Table.Th key={cell} ta={index === 0 ? 'left' : 'right'}>
                  {cell}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>{row.name}</Table.Td>
                {summaryCells(row).map((cell, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns.
                  <Table.Td key={index} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {cell}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No ratings in this range.
        </Text>
      ) : null}
    </Stack>
  );
}

const COMMENT_HEADER = ['Date', 'Project', 'Project stars', 'Agent', 'Agent stars', 'Buyer type', 'Comment'];
const buyerTypeLabel = (value: string) => BUYER_TYPE_LABELS[value as BuyerType] ?? value;

function CommentsTable({ answer, fileName }: { answer: BuyerFeedbackAnswer; fileName: string }) {
  const rows = answer.comments.map((comment) => [
    sydneyDayOf(comment.createdAt),
    comment.projectTitle,
    comment.projectRating,
    comment.agentName ?? '',
    comment.agentRating ?? '',
    buyerTypeLabel(comment.buyerType),
    comment.comment,
  ]);
  return (
    <Stack gap="sm" pt="sm">
      <Group justify="flex-end">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} stroke={1.6} />}
          onClick={() => downloadCsv(fileName, COMMENT_HEADER, rows)}
        >
          Export CSV
        </Button>
      </Group>
      <ScrollTable label="Comments" minWidth={760}>
        <Table striped aria-label="Comments" verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              {COMMENT_HEADER.map((cell) => (
                <Table.Th key={cell}>{cell}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {answer.comments.map((comment, index) => (
              <Table.Tr key={comment.id}>
                {rows[index]?.map((cell, column) => (
                  <Table.Td
                    key={COMMENT_HEADER[column]}
                    style={column === 6 ? { whiteSpace: 'pre-line', minWidth: 240 } : undefined}
                  >
                    {cell}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {answer.comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No comments in this range.
        </Text>
      ) : null}
    </Stack>
  );
}

const TABS = ['by-project', 'by-agent', 'by-buyer-type', 'comments'] as const;

/** By project, by agent, by buyer type and the comments, one tab each; the tab is kept (spec §3). */
export function FeedbackTables({ answer, fileStem }: { answer: BuyerFeedbackAnswer; fileStem: string }) {
  const tabIndex = useReportingStore((state) => state.tabIndexes.buyerFeedback);
  const setTabIndex = useReportingStore((state) => state.setTabIndex);
  const tab = TABS[tabIndex] ?? TABS[0];
  return (
    <Tabs
      value={tab}
      onChange={(value) =>
        setTabIndex('buyerFeedback', Math.max(0, TABS.indexOf(value as (typeof TABS)[number])))
      }
      keepMounted={false}
    >
      <Tabs.List>
        <Tabs.Tab value="by-project">By project</Tabs.Tab>
        <Tabs.Tab value="by-agent">By agent</Tabs.Tab>
        <Tabs.Tab value="by-buyer-type">By buyer type</Tabs.Tab>
        <Tabs.Tab value="comments">Comments ({answer.comments.length})</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="by-project">
        <SummaryTable
          label="Ratings by project"
          nameHeader="Project"
          fileName={`${fileStem}-by-project.csv`}
          rows={answer.byProject.map((row) => ({ ...row, key: String(row.projectId), name: row.title }))}
        />
      </Tabs.Panel>
      <Tabs.Panel value="by-agent">
        <SummaryTable
          label="Ratings by agent"
          nameHeader="Agent"
          fileName={`${fileStem}-by-agent.csv`}
          rows={answer.byAgent.map((row) => ({ ...row, key: row.agentId, name: row.name }))}
        />
      </Tabs.Panel>
      <Tabs.Panel value="by-buyer-type">
        <SummaryTable
          label="Ratings by buyer type"
          nameHeader="Buyer type"
          fileName={`${fileStem}-by-buyer-type.csv`}
          rows={answer.byBuyerType.map((row) => ({
            ...row,
            key: row.buyerType,
            name: buyerTypeLabel(row.buyerType),
          }))}
        />
      </Tabs.Panel>
      <Tabs.Panel value="comments">
        <CommentsTable answer={answer} fileName={`${fileStem}-comments.csv`} />
      </Tabs.Panel>
    </Tabs>
  );
}
