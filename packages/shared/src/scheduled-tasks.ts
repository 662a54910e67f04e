import { z } from 'zod';
import { JOB_VIEWS } from './enums.ts';
import { text } from './text.ts';

/**
 * The scheduled-tasks page (issue 19 item 3, decision 033): pg-boss's queues, recurring schedules and
 * recent jobs, read through its API, with retry and cancel. Platform admins with `settings.manage`.
 */

/** How often the open page reads the queue again. */
export const SCHEDULED_TASKS_REFRESH_MS = 5_000;
/** Jobs listed per queue and view, newest first. */
export const SCHEDULED_TASK_JOBS_LISTED = 50;
/** Job data and output are shown as JSON text, cut to this length. */
export const SCHEDULED_TASK_JSON_MAX = 2_000;

/** pg-boss's job states, in its own order. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** What the page calls each state. */
export const JOB_STATE_LABELS: Record<JobState, string> = {
  created: 'Queued',
  retry: 'Waiting to retry',
  active: 'Running',
  completed: 'Completed',
  cancelled: 'Cancelled',
  failed: 'Failed',
};
/** A failed job can be retried; a queued or retrying one cancelled (pg-boss's own rules). */
export const RETRYABLE_JOB_STATES: readonly JobState[] = ['failed'];
export const CANCELLABLE_JOB_STATES: readonly JobState[] = ['created', 'retry'];

export const scheduledQueueSchema = z.object({
  name: z.string(),
  policy: z.string(),
  /** Waiting to run now (queued minus deferred). */
  ready: z.number().int(),
  /** Waiting for a later start (a retry's back-off, a delayed send). */
  deferred: z.number().int(),
  active: z.number().int(),
  /** Failed jobs still kept (pg-boss deletes them after its retention): the recent failures. */
  failed: z.number().int(),
  total: z.number().int(),
  deadLetter: z.string().nullable(),
});
export type ScheduledQueue = z.infer<typeof scheduledQueueSchema>;

export const scheduleSchema = z.object({
  queue: z.string(),
  key: z.string(),
  /** The cron expression (or RFC 5545 rule) as pg-boss stores it. */
  cron: z.string(),
  timeZone: z.string(),
  /** The next run, computed by pg-boss's own schedule preview (cron-parser); null if none comes. */
  nextRunAt: z.string().nullable(),
  lastJob: z
    .object({ id: z.string(), state: z.enum(JOB_STATES), completedAt: z.string().nullable() })
    .nullable(),
});
export type ScheduledTaskSchedule = z.infer<typeof scheduleSchema>;

export const scheduledTasksOverviewSchema = z.object({
  queues: z.array(scheduledQueueSchema),
  schedules: z.array(scheduleSchema),
  /** The server's time of the reading. */
  readAt: z.string(),
});
export type ScheduledTasksOverview = z.infer<typeof scheduledTasksOverviewSchema>;

export const scheduledJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  state: z.enum(JOB_STATES),
  /** Attempts started after the first (pg-boss's retryCount) and the retries allowed (retryLimit). */
  retryCount: z.number().int(),
  retryLimit: z.number().int(),
  /** The job's data as JSON text (cut to SCHEDULED_TASK_JSON_MAX). */
  data: z.string(),
  /** The error of a failed job (its message), or null. */
  error: z.string().nullable(),
  /** The job's whole output as JSON text (cut), or null. */
  output: z.string().nullable(),
  createdAt: z.string(),
  startAfter: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  singletonKey: z.string().nullable(),
});
export type ScheduledJob = z.infer<typeof scheduledJobSchema>;

export const scheduledJobsSchema = z.object({
  queue: scheduledQueueSchema,
  view: z.enum(JOB_VIEWS),
  jobs: z.array(scheduledJobSchema),
});
export type ScheduledJobs = z.infer<typeof scheduledJobsSchema>;

export const scheduledJobAnswerSchema = z.object({ job: scheduledJobSchema });

/** Path parameters: a queue name as pg-boss allows it, and a job id (a UUID). */
export const scheduledQueueParamsSchema = z.object({
  name: text()
    .min(1)
    .max(200)
    .regex(/^[\w.\-/]+$/, 'must be a queue name'),
});
export const scheduledJobParamsSchema = scheduledQueueParamsSchema.extend({
  id: text()
    .max(36)
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a job id'),
});
export const scheduledJobsQuerySchema = z.object({ view: z.enum(JOB_VIEWS).default('failed') });
