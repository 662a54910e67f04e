import { Group, Stack, Text } from '@mantine/core';
import type { JobView } from '@offplan/shared';
import { useSuspenseQuery } from '@tanstack/react-query';
import { scheduledTasksQueryOptions } from '../api/scheduled-tasks.ts';
import { QueueJobs } from './queue-jobs.tsx';
import { QueuesTable } from './queues-table.tsx';
import { SchedulesTable } from './schedules-table.tsx';
import { UpdatedAgo } from './updated-ago.tsx';

type Props = {
  queue: string | undefined;
  view: JobView;
  onChange: (next: { queue: string; view: JobView }) => void;
};

/**
 * /admin/scheduled-tasks (issue 19 item 3, decision 033): the portal's job queue, read again every few
 * seconds while open: the recurring schedules with their next run, every queue with its counts, and a
 * queue's failed or newest jobs with retry and cancel.
 */
export function ScheduledTasksPage({ queue, view, onChange }: Props) {
  const overview = useSuspenseQuery(scheduledTasksQueryOptions());
  const { queues, schedules, readAt } = overview.data;
  const selected = queue && queues.some((item) => item.name === queue) ? queue : undefined;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Text size="sm" c="dimmed">
          The portal’s background jobs, kept in its own database: recurring schedules, queues, and the jobs
          that failed, to run again or cancel.
        </Text>
        <UpdatedAgo at={overview.dataUpdatedAt} fetching={overview.isFetching} />
      </Group>
      <SchedulesTable schedules={schedules} now={new Date(readAt)} />
      <QueuesTable queues={queues} selected={selected} onSelect={(name) => onChange({ queue: name, view })} />
      {selected ? (
        <QueueJobs
          queue={selected}
          view={view}
          onViewChange={(next) => onChange({ queue: selected, view: next })}
        />
      ) : (
        <Text size="sm" c="dimmed">
          Pick a queue’s Jobs to see its failed and newest jobs.
        </Text>
      )}
    </Stack>
  );
}
