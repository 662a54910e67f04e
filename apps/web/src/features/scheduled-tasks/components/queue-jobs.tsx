import {
  Button,
  Code,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Spoiler,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  CANCELLABLE_JOB_STATES,
  type JobView,
  RETRYABLE_JOB_STATES,
  type ScheduledJob,
} from '@offplan/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { exactTime } from '../../../lib/dates.ts';
import { notifications } from '../../../lib/toasts.ts';
import { scheduledJobsQueryOptions, useJobCommand } from '../api/scheduled-tasks.ts';
import { JobStateBadge } from './job-state-badge.tsx';

type Props = { queue: string; view: JobView; onViewChange: (view: JobView) => void };

const EMPTY: Record<JobView, string> = {
  failed: 'No failed jobs kept in this queue. A job that fails all its attempts appears here with its error.',
  recent: 'No jobs kept in this queue. pg-boss deletes finished jobs after its retention period.',
};

/** One queue's failed or newest jobs, with retry for a failed job and cancel for a waiting one. */
export function QueueJobs({ queue, view, onViewChange }: Props) {
  // Not a loader read: it depends on the queue picked on the page, and refreshes on its own.
  const jobs = useQuery(scheduledJobsQueryOptions(queue, view));
  const command = useJobCommand();
  const [cancelling, setCancelling] = useState<ScheduledJob | null>(null);

  const run = (action: 'retry' | 'cancel', job: ScheduledJob) =>
    command.mutate(
      { action, queue, id: job.id },
      {
        onSuccess: () => {
          setCancelling(null);
          notifications.show({
            color: 'green',
            title: action === 'retry' ? 'Job queued to run again' : 'Job cancelled',
            message: `${queue} · ${job.id}`,
          });
        },
      },
    );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="jobs-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="jobs-title">
          Jobs of {queue}
        </Title>
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(value) => onViewChange(value as JobView)}
          data={[
            { value: 'failed', label: 'Failed' },
            { value: 'recent', label: 'Newest' },
          ]}
          aria-label="Which jobs"
        />
      </Group>
      <FormError message={command.error?.message ?? (jobs.error ? jobs.error.message : null)} />
      {jobs.isPending ? (
        <Loader size="sm" aria-label="Loading jobs" />
      ) : !jobs.data || jobs.data.jobs.length === 0 ? (
        <Text size="sm" c="dimmed">
          {EMPTY[view]}
        </Text>
      ) : (
        <JobsTable
          jobs={jobs.data.jobs}
          busyId={command.isPending ? command.variables?.id : undefined}
          onRetry={(job) => run('retry', job)}
          onCancel={setCancelling}
        />
      )}
      <ConfirmModal
        opened={cancelling !== null}
        title="Cancel this job?"
        confirmLabel="Cancel job"
        danger
        loading={command.isPending}
        onConfirm={() => cancelling && run('cancel', cancelling)}
        onClose={() => setCancelling(null)}
      >
        It will not run. {cancelling ? `${queue} · ${cancelling.id}` : ''}
      </ConfirmModal>
    </Paper>
  );
}

type TableProps = {
  jobs: ScheduledJob[];
  busyId: string | undefined;
  onRetry: (job: ScheduledJob) => void;
  onCancel: (job: ScheduledJob) => void;
};

function JobsTable({ jobs, busyId, onRetry, onCancel }: TableProps) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped aria-label="Jobs" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Job</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th ta="right">Attempts</Table.Th>
            <Table.Th>Times</Table.Th>
            <Table.Th>Error and data</Table.Th>
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => (
            <Table.Tr key={job.id} data-testid="job-row" data-job-id={job.id} data-state={job.state}>
              <Table.Td>
                <Code>{job.id.slice(0, 8)}</Code>
              </Table.Td>
              <Table.Td>
                <JobStateBadge state={job.state} />
              </Table.Td>
              <Table.Td ta="right" data-testid="job-attempts">
                {/* retryCount counts the attempts after the first; retryLimit the retries allowed. */}
                {job.retryCount + 1} of {job.retryLimit + 1}
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="xs">Created {exactTime(job.createdAt)}</Text>
                  <Text size="xs">Started {exactTime(job.startedAt)}</Text>
                  <Text size="xs">Finished {exactTime(job.completedAt)}</Text>
                </Stack>
              </Table.Td>
              <Table.Td maw={380}>
                {job.error ? (
                  <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }} data-testid="job-error">
                    {job.error}
                  </Text>
                ) : null}
                <Spoiler maxHeight={0} showLabel="Data" hideLabel="Hide data">
                  <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {job.data}
                  </Code>
                </Spoiler>
              </Table.Td>
              <Table.Td>
                {RETRYABLE_JOB_STATES.includes(job.state) ? (
                  <Button size="compact-sm" loading={busyId === job.id} onClick={() => onRetry(job)}>
                    Retry
                  </Button>
                ) : CANCELLABLE_JOB_STATES.includes(job.state) ? (
                  <Button
                    size="compact-sm"
                    variant="default"
                    color="red"
                    loading={busyId === job.id}
                    onClick={() => onCancel(job)}
                  >
                    Cancel
                  </Button>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
