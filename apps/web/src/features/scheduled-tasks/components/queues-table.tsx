import { Badge, Button, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ScheduledQueue } from '@offplan/shared';

type Props = { queues: ScheduledQueue[]; selected: string | undefined; onSelect: (queue: string) => void };

/** Every queue with pg-boss's counts; "Jobs" opens a queue's failed and recent jobs below. */
export function QueuesTable({ queues, selected, onSelect }: Props) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="queues-title">
      <Title order={2} size="h4" id="queues-title">
        Queues
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        Counts are pg-boss’s own, refreshed by it once a minute; the jobs lists below are live.
      </Text>
      {queues.length === 0 ? (
        <Text size="sm" c="dimmed">
          No queues yet: they are created when the portal’s workers start.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover aria-label="Queues">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Queue</Table.Th>
                <Table.Th ta="right">Ready</Table.Th>
                <Table.Th ta="right">Deferred</Table.Th>
                <Table.Th ta="right">Running</Table.Th>
                <Table.Th ta="right">Failed</Table.Th>
                <Table.Th ta="right">Kept</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Jobs</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {queues.map((queue) => (
                <Table.Tr
                  key={queue.name}
                  data-testid="queue-row"
                  data-queue={queue.name}
                  aria-selected={selected === queue.name}
                  bg={selected === queue.name ? 'var(--mantine-color-blue-light)' : undefined}
                >
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {queue.name}
                    </Text>
                    {queue.deadLetter ? (
                      <Text size="xs" c="dimmed">
                        Dead letters to {queue.deadLetter}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">{queue.ready}</Table.Td>
                  <Table.Td ta="right">{queue.deferred}</Table.Td>
                  <Table.Td ta="right">{queue.active}</Table.Td>
                  <Table.Td ta="right">
                    {queue.failed > 0 ? (
                      <Badge color="red" variant="dot">
                        {queue.failed}
                      </Badge>
                    ) : (
                      0
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{queue.total}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="compact-sm"
                      variant={selected === queue.name ? 'filled' : 'default'}
                      onClick={() => onSelect(queue.name)}
                      aria-label={`Jobs of ${queue.name}`}
                    >
                      Jobs
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
