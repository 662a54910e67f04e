import { Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ScheduledTaskSchedule } from '@offplan/shared';
import { exactTime, relativeTime } from '../../../lib/dates.ts';
import { JobStateBadge } from './job-state-badge.tsx';

/** The recurring schedules: what runs, on which cron in which zone, when next, and how the last run went. */
export function SchedulesTable({ schedules, now }: { schedules: ScheduledTaskSchedule[]; now: Date }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="schedules-title">
      <Title order={2} size="h4" mb="sm" id="schedules-title">
        Recurring schedules
      </Title>
      {schedules.length === 0 ? (
        <Text size="sm" c="dimmed">
          No recurring schedules. Each process registers its own when it starts; restart one if this stays
          empty.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Recurring schedules">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Task</Table.Th>
                <Table.Th>Runs on</Table.Th>
                <Table.Th>Next run</Table.Th>
                <Table.Th>Last run</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {schedules.map((schedule) => (
                <Table.Tr key={`${schedule.queue}/${schedule.key}`} data-testid="schedule-row">
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {schedule.queue}
                    </Text>
                    {schedule.key ? (
                      <Text size="xs" c="dimmed">
                        {schedule.key}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Code>{schedule.cron}</Code>
                      <Text size="xs" c="dimmed">
                        {schedule.timeZone}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td data-testid="schedule-next-run">
                    {schedule.nextRunAt ? (
                      <Stack gap={0}>
                        <Text size="sm">{exactTime(schedule.nextRunAt)}</Text>
                        <Text size="xs" c="dimmed">
                          {relativeTime(schedule.nextRunAt, now)}
                        </Text>
                      </Stack>
                    ) : (
                      <Text size="sm" c="dimmed">
                        None to come
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {schedule.lastJob ? (
                      <Group gap="xs" wrap="nowrap">
                        <JobStateBadge state={schedule.lastJob.state} />
                        {schedule.lastJob.completedAt ? (
                          <Text size="xs" c="dimmed">
                            {relativeTime(schedule.lastJob.completedAt, now)}
                          </Text>
                        ) : null}
                      </Group>
                    ) : (
                      <Text size="sm" c="dimmed">
                        Not run yet
                      </Text>
                    )}
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
