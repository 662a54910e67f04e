import {
  JOB_STATES,
  type JobState,
  type JobView,
  SCHEDULED_TASK_JOBS_LISTED,
  SCHEDULED_TASK_JSON_MAX,
  type ScheduledJob,
  type ScheduledQueue,
  type ScheduledTaskSchedule,
} from '@offplan/shared';
import type { QueueResult } from 'pg-boss';
import type { JobQueue } from '../../jobs/queue.ts';

/**
 * The scheduled-tasks page's reads and commands (decision 033), all through pg-boss's API on the
 * portal's own database, except the list of a queue's newest jobs (see `listJobs`).
 */

/** pg-boss's schema: the portal never sets another (jobs/queue.ts). */
const PGBOSS_SCHEMA = 'pgboss';

const iso = (value: Date | string | null | undefined) =>
  value == null ? null : new Date(value).toISOString();

const jsonText = (value: unknown) => {
  if (value === null || value === undefined) return null;
  const json = JSON.stringify(value);
  return json.length > SCHEDULED_TASK_JSON_MAX ? `${json.slice(0, SCHEDULED_TASK_JSON_MAX)}…` : json;
};

const stateOf = (value: unknown): JobState =>
  JOB_STATES.includes(value as JobState) ? (value as JobState) : 'created';

const messageOf = (value: unknown): string | null =>
  value && typeof value === 'object' && 'message' in value && typeof value.message === 'string'
    ? value.message
    : null;

/**
 * A failed job's output is the serialised error pg-boss caught: its message is what a person reads.
 * A wrapped error (Drizzle's "Failed query: <the whole SQL>") is told by its cause, the driver's reason.
 */
function errorOf(state: JobState, output: unknown): string | null {
  if (state !== 'failed' || output == null) return null;
  const cause = typeof output === 'object' && 'cause' in output ? messageOf(output.cause) : null;
  const message = cause ?? messageOf(output);
  return message ? message.slice(0, SCHEDULED_TASK_JSON_MAX) : jsonText(output);
}

export const queueSummary = (queue: QueueResult): ScheduledQueue => ({
  name: queue.name,
  policy: queue.policy ?? 'standard',
  ready: queue.readyCount,
  deferred: queue.deferredCount,
  active: queue.activeCount,
  failed: queue.failedCount,
  total: queue.totalCount,
  deadLetter: queue.deadLetter ?? null,
});

type JobRow = {
  id: string;
  name: string;
  state: string;
  data: unknown;
  output: unknown;
  retryCount: number;
  retryLimit: number;
  createdOn: Date | string;
  startAfter: Date | string | null;
  startedOn: Date | string | null;
  completedOn: Date | string | null;
  singletonKey: string | null;
};

const jobOf = (row: JobRow): ScheduledJob => {
  const state = stateOf(row.state);
  return {
    id: row.id,
    queue: row.name,
    state,
    retryCount: Number(row.retryCount),
    retryLimit: Number(row.retryLimit),
    data: jsonText(row.data) ?? 'null',
    error: errorOf(state, row.output),
    output: jsonText(row.output),
    createdAt: iso(row.createdOn) ?? new Date(0).toISOString(),
    startAfter: iso(row.startAfter),
    startedAt: iso(row.startedOn),
    completedAt: iso(row.completedOn),
    singletonKey: row.singletonKey ?? null,
  };
};

/** Every queue with its counts, by name. */
export async function listQueues(queue: JobQueue): Promise<ScheduledQueue[]> {
  const queues = await queue.getQueues();
  return queues.map(queueSummary).sort((a, b) => a.name.localeCompare(b.name));
}

/** One queue as pg-boss answers it (with its table), or null when it has none of that name. */
export const findQueue = (queue: JobQueue, name: string) => queue.getQueue(name);

/** One job of a queue (pg-boss `findJobs` by id), or null. */
export async function findJob(queue: JobQueue, name: string, id: string): Promise<ScheduledJob | null> {
  const [job] = await queue.findJobs(name, { id });
  return job ? jobOf(job as unknown as JobRow) : null;
}

/**
 * The recurring schedules with their next run. The next run comes from pg-boss's own `previewSchedule`,
 * which walks the expression with cron-parser (its dependency) in the schedule's time zone from the
 * database's clock, as its scheduler does; the last run is the job the schedule last created.
 */
export async function listSchedules(queue: JobQueue): Promise<ScheduledTaskSchedule[]> {
  const schedules = await queue.getSchedules();
  const answers = await Promise.all(
    schedules.map(async (schedule): Promise<ScheduledTaskSchedule> => {
      let nextRunAt: string | null = null;
      try {
        nextRunAt = iso(queue.previewSchedule(schedule.cron, { tz: schedule.timezone, count: 1 })[0]);
      } catch {
        // An expression pg-boss cannot walk has no next run (its scheduler warns about it too).
      }
      const last = schedule.lastJobId ? await findJob(queue, schedule.name, schedule.lastJobId) : null;
      return {
        queue: schedule.name,
        key: schedule.key,
        cron: schedule.cron,
        timeZone: schedule.timezone,
        nextRunAt,
        lastJob: last ? { id: last.id, state: last.state, completedAt: last.completedAt } : null,
      };
    }),
  );
  return answers.sort((a, b) => a.queue.localeCompare(b.queue) || a.key.localeCompare(b.key));
}

/**
 * A queue's newest jobs: the failed ones, or the newest in any state. pg-boss's API has no list with an
 * order and a limit (`findJobs` answers every job of a queue, and completed jobs are kept for days), so
 * this one read goes to its job table directly, the queue's own table as `getQueue` names it, with
 * the column names `findJobs` itself selects. Nothing here writes to pg-boss's tables.
 */
export async function listJobs(queue: JobQueue, found: QueueResult, view: JobView): Promise<ScheduledJob[]> {
  if (!/^[a-z0-9_]+$/i.test(found.table)) throw new Error(`unexpected pg-boss table name ${found.table}`);
  const failedOnly = view === 'failed' ? `and state = 'failed'` : '';
  const { rows } = await queue.getDb().executeSql(
    `select id, name, state, data, output,
            retry_count as "retryCount", retry_limit as "retryLimit",
            created_on as "createdOn", start_after as "startAfter", started_on as "startedOn",
            completed_on as "completedOn", singleton_key as "singletonKey"
       from ${PGBOSS_SCHEMA}.${found.table}
      where name = $1 ${failedOnly}
      order by created_on desc
      limit ${SCHEDULED_TASK_JOBS_LISTED}`,
    [found.name],
  );
  return (rows as JobRow[]).map(jobOf);
}

/** The affected count pg-boss's commands answer (typed as an empty interface in 12.35). */
const affected = (response: unknown) => Number((response as { affected?: number }).affected ?? 0);

/**
 * Puts a failed job back to run again (pg-boss `retry`: state `retry`, one more attempt allowed).
 * 'not-failed' when pg-boss changed nothing (the job was not failed by the time it ran).
 */
export async function retryJob(queue: JobQueue, name: string, id: string) {
  if (affected(await queue.retry(name, id)) === 0) return 'not-failed' as const;
  return findJob(queue, name, id);
}

/** Cancels a queued or retrying job (pg-boss `cancel`); 'not-waiting' when pg-boss changed nothing. */
export async function cancelJob(queue: JobQueue, name: string, id: string) {
  if (affected(await queue.cancel(name, id)) === 0) return 'not-waiting' as const;
  return findJob(queue, name, id);
}
