import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  LEAD_RESPONSE_TIMES_DEFAULT_DAYS,
  type LeadResponseTarget,
  type LeadResponseTimes,
} from '@offplan/shared';
import { formatDuration } from '../lib/lead-format.ts';

type ResponseTimeRow = LeadResponseTimes['overall'];

function targetText(target: LeadResponseTarget): string {
  const minutes = formatDuration(target.minutes * 60);
  return target.businessHoursOnly ? `${minutes} within business hours` : `${minutes}, any time`;
}

function ResponseTimesTable({ caption, rows }: { caption: string; rows: ResponseTimeRow[] }) {
  return (
    <Stack gap={4}>
      <Title order={4} size="h6">
        {caption}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No leads in these filters.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table aria-label={`Response times ${caption.toLowerCase()}`} verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{caption === 'By agent' ? 'Agent' : 'Project'}</Table.Th>
                <Table.Th ta="right">Answered</Table.Th>
                <Table.Th ta="right">Median</Table.Th>
                <Table.Th ta="right">90th percentile</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Td>{row.label}</Table.Td>
                  <Table.Td ta="right">
                    {row.responded} of {row.leads}
                  </Table.Td>
                  <Table.Td ta="right">{formatDuration(row.medianSeconds)}</Table.Td>
                  <Table.Td ta="right">{formatDuration(row.p90Seconds)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/**
 * Speed-to-lead (issue 16): how fast the filtered leads were first answered, overall, per agent and
 * per project, beside the organisation's target when there is one.
 */
export function ResponseTimesPanel({
  times,
  target,
  from,
}: {
  times: LeadResponseTimes;
  target?: LeadResponseTarget | undefined;
  /** The filter's first day; without one the server measures the last LEAD_RESPONSE_TIMES_DEFAULT_DAYS. */
  from?: string | undefined;
}) {
  const { overall } = times;
  return (
    <Paper withBorder p="md" component="section" aria-label="Response times">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={3} size="h5">
            Response times
          </Title>
          <Text size="sm" c="dimmed">
            {from
              ? ''
              : `Leads of the last ${LEAD_RESPONSE_TIMES_DEFAULT_DAYS} days (choose dates to measure others). `}
            Time from the enquiry to the first move out of New. Median {formatDuration(overall.medianSeconds)}
            , 90th percentile {formatDuration(overall.p90Seconds)}; {overall.responded} of {overall.leads}{' '}
            leads answered.
            {target ? ` Target: ${targetText(target)}.` : ''}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <ResponseTimesTable caption="By agent" rows={times.byAgent} />
          <ResponseTimesTable caption="By project" rows={times.byProject} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
