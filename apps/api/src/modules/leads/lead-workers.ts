import type { Db } from '../../db/client.ts';
import type { Settings } from '../../env.ts';
import { type JobQueue, prepareQueues, workEach } from '../../jobs/queue.ts';
import type { Logger } from '../../lib/logger.ts';
import { DELIVER_OUTBOX_JOB, type Outbox } from '../../lib/outbox.ts';
import { requestBuyerFeedback } from '../buyer-feedback/buyer-feedback-request.ts';
import { decayLeadScores, rescoreOpenLeads } from '../lead-scoring/lead-scoring.repository.ts';
import { LEAD_JOBS, type LeadJobData } from './lead-jobs.ts';
import { checkLeadSpeed, notifyLead, sendLeadDigests } from './lead-notifications.ts';

export type LeadWorkerDeps = { db: Db; logger: Logger; settings: Settings; outbox: Outbox };

/** The zone of the daily schedules: the portal's day is an Australian one. */
export const LEAD_SCHEDULE_TIME_ZONE = 'Australia/Sydney';
/** Issue 16: the digest in the morning, before the working day starts. */
export const LEAD_DIGEST_CRON = '0 7 * * *';
/** Decay once a night, when nobody is working leads. */
export const LEAD_SCORE_DECAY_CRON = '30 2 * * *';

/**
 * The leads module's workers and schedules (issue 16). The queues are prepared first: intake sends its
 * jobs inside the lead's transaction, and the notification jobs send outbox deliveries inside theirs
 * (jobs/queue.ts). Any number of processes may run these: pg-boss hands each job to one of them, a
 * schedule fires once across all, and every job is safe to run again.
 */
export async function workLeadJobs(queue: JobQueue, deps: LeadWorkerDeps) {
  await prepareQueues(queue, [...Object.values(LEAD_JOBS), DELIVER_OUTBOX_JOB]);
  const { db, logger } = deps;
  const jobDeps = { ...deps, queue };
  // Each job is safe to run again: it writes its once-only mark with its messages.
  await workEach<LeadJobData>(queue, LEAD_JOBS.notify, (data) => notifyLead(jobDeps, data));
  await workEach<LeadJobData>(queue, LEAD_JOBS.speedCheck, (data) => checkLeadSpeed(jobDeps, data));
  await workEach<LeadJobData>(queue, LEAD_JOBS.feedbackRequest, (data) =>
    requestBuyerFeedback(jobDeps, data),
  );
  await queue.work(LEAD_JOBS.digest, async () => {
    const digests = await sendLeadDigests(jobDeps);
    logger.info({ digests }, 'lead digests written');
  });
  await queue.work(LEAD_JOBS.scoreDecay, async () => {
    const changed = await decayLeadScores(db);
    logger.info({ changed }, 'lead scores decayed');
  });
  await queue.work(LEAD_JOBS.rescore, async () => {
    const changed = await rescoreOpenLeads(db);
    logger.info({ changed }, 'open leads re-scored with the saved rules');
  });
  const daily = { tz: LEAD_SCHEDULE_TIME_ZONE };
  await queue.schedule(LEAD_JOBS.digest, LEAD_DIGEST_CRON, null, daily);
  await queue.schedule(LEAD_JOBS.scoreDecay, LEAD_SCORE_DECAY_CRON, null, daily);
}
