import {
  type JobView,
  SCHEDULED_TASKS_API_PATHS,
  SCHEDULED_TASKS_REFRESH_MS,
  scheduledJobAnswerSchema,
  scheduledJobsSchema,
  scheduledTasksOverviewSchema,
} from '@offplan/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';

const scheduledTasksKey = ['admin', 'scheduled-tasks'] as const;

/**
 * GET /api/admin/scheduled-tasks: queues and schedules, read again every few seconds while the page
 * is open (and while its tab is hidden too: an admin leaves it open beside their work).
 */
export function scheduledTasksQueryOptions() {
  return queryOptions({
    queryKey: [...scheduledTasksKey, 'overview'],
    queryFn: ({ signal }) =>
      apiRequest(SCHEDULED_TASKS_API_PATHS.overview, { schema: scheduledTasksOverviewSchema, signal }),
    refetchInterval: SCHEDULED_TASKS_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
}

/** GET …/queues/{name}/jobs?view=: a queue's failed or newest jobs, refreshed like the overview. */
export function scheduledJobsQueryOptions(queue: string, view: JobView) {
  return queryOptions({
    queryKey: [...scheduledTasksKey, 'jobs', queue, view],
    queryFn: ({ signal }) =>
      apiRequest(`${SCHEDULED_TASKS_API_PATHS.jobs(queue)}?view=${view}`, {
        schema: scheduledJobsSchema,
        signal,
      }),
    refetchInterval: SCHEDULED_TASKS_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
}

type JobCommand = { action: 'retry' | 'cancel'; queue: string; id: string };

/** POST …/retry or …/cancel; the page's reads are refreshed at once after either. */
export function useJobCommand() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiClientError, JobCommand>({
    mutationFn: ({ action, queue, id }) =>
      apiRequest(SCHEDULED_TASKS_API_PATHS[action](queue, id), {
        method: 'POST',
        schema: scheduledJobAnswerSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduledTasksKey }),
  });
}
