import { CANCELLABLE_JOB_STATES, JOB_STATE_LABELS, RETRYABLE_JOB_STATES } from '@offplan/shared';
import type { JobQueue } from '../../jobs/queue.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import { LEAD_JOBS } from '../leads/lead-jobs.ts';
import {
  cancelJob,
  findJob,
  findQueue,
  listJobs,
  listQueues,
  listSchedules,
  queueSummary,
  retryJob,
} from './scheduled-tasks.repository.ts';
import {
  getScheduledJobs,
  getScheduledTasks,
  postCancelJob,
  postDevFailingJob,
  postRetryJob,
} from './scheduled-tasks.routes.ts';

/** The scheduled-tasks page (issue 19): pg-boss's schedules and jobs through its API, with retry and cancel. */
export const scheduledTasksRouter = createRouter();

const noQueue = (name: string) => notFound(`No job queue named ${name}.`);

scheduledTasksRouter.openapi(getScheduledTasks, async (c) => {
  const { queue } = c.get('deps');
  const [queues, schedules] = await Promise.all([listQueues(queue), listSchedules(queue)]);
  return c.json({ queues, schedules, readAt: new Date().toISOString() }, 200);
});

scheduledTasksRouter.openapi(getScheduledJobs, async (c) => {
  const { name } = c.req.valid('param');
  const { view } = c.req.valid('query');
  const { queue } = c.get('deps');
  const found = await findQueue(queue, name);
  if (!found) throw noQueue(name);
  return c.json({ queue: queueSummary(found), view, jobs: await listJobs(queue, found, view) }, 200);
});

/** The job, or a 404 naming what is missing (the queue, or the job in it). */
async function existingJob(queue: JobQueue, name: string, id: string) {
  if (!(await findQueue(queue, name))) throw noQueue(name);
  const job = await findJob(queue, name, id);
  if (!job) throw notFound(`No job ${id} in the queue ${name}.`);
  return job;
}

scheduledTasksRouter.openapi(postRetryJob, async (c) => {
  const { name, id } = c.req.valid('param');
  const { queue } = c.get('deps');
  const before = await existingJob(queue, name, id);
  const notFailed = () =>
    conflict(
      `Only a failed job can be retried; this one is ${JOB_STATE_LABELS[before.state].toLowerCase()}.`,
    );
  if (!RETRYABLE_JOB_STATES.includes(before.state)) throw notFailed();
  const job = await retryJob(queue, name, id);
  if (job === 'not-failed') throw notFailed();
  if (!job) throw notFound(`No job ${id} in the queue ${name}.`);
  await audit(c, {
    action: 'scheduled_task.retry',
    targetType: 'job',
    targetId: id,
    data: { queue: name, retryCount: before.retryCount, error: before.error },
  });
  return c.json({ job }, 200);
});

scheduledTasksRouter.openapi(postCancelJob, async (c) => {
  const { name, id } = c.req.valid('param');
  const { queue } = c.get('deps');
  const before = await existingJob(queue, name, id);
  const notWaiting = () =>
    conflict(
      `Only a queued or retrying job can be cancelled; this one is ${JOB_STATE_LABELS[before.state].toLowerCase()}.`,
    );
  if (!CANCELLABLE_JOB_STATES.includes(before.state)) throw notWaiting();
  const job = await cancelJob(queue, name, id);
  if (job === 'not-waiting') throw notWaiting();
  if (!job) throw notFound(`No job ${id} in the queue ${name}.`);
  await audit(c, {
    action: 'scheduled_task.cancel',
    targetType: 'job',
    targetId: id,
    data: { queue: name, state: before.state },
  });
  return c.json({ job }, 200);
});

/**
 * Outside production only: a job its worker fails at once, to try retry on (the e2e test). A lead-notify
 * job whose lead id is not a number makes the worker's lead lookup fail; no retries, so it is failed
 * after one attempt; the retry fails again the same way and touches no lead.
 */
scheduledTasksRouter.openapi(postDevFailingJob, async (c) => {
  const { queue } = c.get('deps');
  const id = await queue.send(LEAD_JOBS.notify, { leadId: 'not-a-lead' }, { retryLimit: 0 });
  if (!id) throw new Error('pg-boss refused the job');
  return c.json({ queue: LEAD_JOBS.notify, id }, 201);
});
