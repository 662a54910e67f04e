import type { Db } from '../../db/client.ts';
import type { Settings } from '../../env.ts';
import { type JobQueue, prepareQueues } from '../../jobs/queue.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Outbox } from '../../lib/outbox.ts';
import { LEAD_JOBS } from './lead-jobs.ts';

export type LeadWorkerDeps = { db: Db; logger: Logger; settings: Settings; outbox: Outbox };

/**
 * The leads module's workers and schedules. The queues are prepared first: intake sends its jobs
 * inside the lead's transaction (jobs/queue.ts).
 */
export async function workLeadJobs(queue: JobQueue, _deps: LeadWorkerDeps) {
  await prepareQueues(queue, Object.values(LEAD_JOBS));
}
