import { createRoute, z } from '@hono/zod-openapi';
import {
  SCHEDULED_TASKS_API_PATHS,
  scheduledJobAnswerSchema,
  scheduledJobParamsSchema,
  scheduledJobsQuerySchema,
  scheduledJobsSchema,
  scheduledQueueParamsSchema,
  scheduledTasksOverviewSchema,
} from '@offplan/shared';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import { requirePermission, requirePlatformAdmin } from '../../middlewares/guards.ts';

/** The scheduled-tasks page (issue 19 item 3, decision 033): pg-boss's schedules and jobs, retry and cancel. */

const refusals = {
  401: errorResponse('No session'),
  403: errorResponse('Not a platform admin with settings.manage, or acting as a user'),
};
const BASE = '/api/admin/scheduled-tasks';

export const getScheduledTasks = createRoute({
  method: 'get',
  path: BASE,
  middleware: [requirePlatformAdmin, requirePermission('settings.manage')] as const,
  tags: ['Admin'],
  summary: 'Every job queue with its counts, and the recurring schedules with their next run',
  responses: { 200: jsonResponse(scheduledTasksOverviewSchema, 'Queues and schedules'), ...refusals },
});

export const getScheduledJobs = createRoute({
  method: 'get',
  path: `${BASE}/queues/{name}/jobs`,
  middleware: [requirePlatformAdmin, requirePermission('settings.manage')] as const,
  tags: ['Admin'],
  summary: 'A queue’s newest jobs: the failed ones (view=failed) or any (view=recent)',
  request: { params: scheduledQueueParamsSchema, query: scheduledJobsQuerySchema },
  responses: {
    200: jsonResponse(scheduledJobsSchema, 'The queue and its jobs, newest first'),
    400: errorResponse('Invalid queue name or view'),
    ...refusals,
    404: errorResponse('No such queue'),
  },
});

const jobCommand = (action: 'retry' | 'cancel', summary: string, conflict: string) =>
  createRoute({
    method: 'post',
    path: `${BASE}/queues/{name}/jobs/{id}/${action}`,
    // No body: nothing to limit.
    middleware: [requirePlatformAdmin, requirePermission('settings.manage')] as const,
    tags: ['Admin'],
    summary,
    description: 'Audited.',
    request: { params: scheduledJobParamsSchema },
    responses: {
      200: jsonResponse(scheduledJobAnswerSchema, 'The job as it is now'),
      400: errorResponse('Invalid queue name or job id'),
      ...refusals,
      404: errorResponse('No such queue, or no such job in it'),
      409: errorResponse(conflict),
    },
  });

export const postRetryJob = jobCommand(
  'retry',
  'Runs a failed job again (one more attempt)',
  'The job has not failed',
);
export const postCancelJob = jobCommand(
  'cancel',
  'Cancels a queued or retrying job',
  'The job is not waiting to run',
);

/** Off means absent: production answers as if the route did not exist, before asking who calls. */
const outsideProduction = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('deps').settings.nodeEnv === 'production') {
    throw notFound(`No API route POST ${SCHEDULED_TASKS_API_PATHS.devFailingJob}.`);
  }
  await next();
});

export const postDevFailingJob = createRoute({
  method: 'post',
  path: SCHEDULED_TASKS_API_PATHS.devFailingJob,
  middleware: [outsideProduction, requirePlatformAdmin, requirePermission('settings.manage')] as const,
  tags: ['Admin'],
  summary: 'Sends a job that fails on its first attempt (not in production; for trying retry)',
  description:
    'A lead-notify job whose lead id is not a number, with no retries: its worker fails it at once.',
  responses: {
    201: jsonResponse(z.object({ queue: z.string(), id: z.string() }), 'Sent'),
    ...refusals,
    404: errorResponse('Off (production)'),
  },
});
