import { Group, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import type { ScoringPreview as ScoringPreviewAnswer } from '@offplan/shared';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { exactTime } from '../../../lib/dates.ts';
import { signedPoints } from '../lib/lead-format.ts';

function Change({ from, to }: { from: number; to: number }) {
  const difference = to - from;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{from}</Text>
      <IconArrowRight size={14} stroke={1.6} aria-label="becomes" />
      <Text size="sm" fw={700}>
        {to}
      </Text>
      {difference === 0 ? null : (
        <Text size="xs" c={difference > 0 ? 'green' : 'red'}>
          ({signedPoints(difference)})
        </Text>
      )}
    </Group>
  );
}

/** How the previewed rules would re-score the most recent leads, before anything is saved. */
export function ScoringPreview({ preview, stale }: { preview: ScoringPreviewAnswer; stale: boolean }) {
  const [onlyChanged, setOnlyChanged] = useState(true);
  const shown = onlyChanged
    ? preview.leads.filter((lead) => lead.currentScore !== lead.newScore)
    : preview.leads;
  return (
    <Paper withBorder p="md" component="section" aria-label="Preview">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Preview on the {preview.leads.length} most recent leads
        </Title>
        {stale ? (
          <Text size="sm" c="orange">
            The rules changed since this preview: preview again before saving.
          </Text>
        ) : null}
        <Text size="sm" role="status">
          {preview.changed} would change: {preview.raised} raised, {preview.lowered} lowered.
        </Text>
        <Switch
          label="Only leads whose score changes"
          checked={onlyChanged}
          onChange={(event) => setOnlyChanged(event.currentTarget.checked)}
        />
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed">
            No lead's score would change.
          </Text>
        ) : (
          // The one part that may scroll sideways, inside itself: only on a phone-narrow screen.
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label="Score changes" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Lead</Table.Th>
                  <Table.Th>Received</Table.Th>
                  <Table.Th>Score</Table.Th>
                  <Table.Th>New score from</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((lead) => (
                  <Table.Tr key={lead.id}>
                    <Table.Td>
                      <Text size="sm">{lead.name}</Text>
                      <Text size="xs" c="dimmed">
                        {lead.projectTitle}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {exactTime(lead.createdAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Change from={lead.currentScore} to={lead.newScore} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">
                        {lead.newContributions.length === 0
                          ? 'No rule matches'
                          : lead.newContributions
                              .map((item) => `${signedPoints(item.points)} ${item.label}`)
                              .join(', ')}
                      </Text>
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
