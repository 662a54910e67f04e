import { type JobQueue, jobsInTransaction } from '../../jobs/queue.ts';

/**
 * The CRM delivery jobs (issue 18, decision 029). Both are sent inside the transaction that makes
 * their work, so a lead acknowledged to its buyer always reaches its destinations, and a delivery
 * recorded as due always has its job: list them in the workers' `prepareQueues`.
 */
export const CRM_JOBS = {
  /** {leadId}: sent with a new lead; makes one delivery per destination that routes its project. */
  fanOut: 'crm-fan-out',
  /** {deliveryId, attempt}: one attempt of one delivery; a failed attempt sends the next, later. */
  deliver: 'crm-deliver',
} as const;

export type CrmFanOutData = { leadId: number };
/** `attempt` (1 = the first): a job whose attempt is no longer the delivery's next one does nothing. */
export type CrmDeliverData = { deliveryId: number; attempt: number };

/**
 * pg-boss's own retries cover a process that died during a job (the job expires and runs again) and a
 * database that was away (a restart, a failover); the delivery schedule itself (decision 029) is ours:
 * each failed attempt sends the next job. The first retry comes within seconds, later ones at most ten
 * minutes apart, and twenty of them ride out about two hours of outage: a fan-out that ran out of
 * retries would leave an acknowledged lead undelivered for good. A job claimed by a process that died
 * is retried once its claim expires: a minute covers an attempt's 15 s receiver time-out many times.
 */
export const CRM_JOB_RETRY = {
  expireInSeconds: 60,
  retryLimit: 20,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 600,
} as const;

/** Sends the fan-out of a new lead in the transaction that stores it (enquiries.repository.ts). */
export function sendCrmFanOut(tx: unknown, queue: JobQueue, leadId: number) {
  const data: CrmFanOutData = { leadId };
  return queue.send(CRM_JOBS.fanOut, data, { ...jobsInTransaction(tx), ...CRM_JOB_RETRY });
}

/** Sends one attempt of a delivery in the transaction that made it due, `delaySeconds` from now. */
export function sendCrmDelivery(tx: unknown, queue: JobQueue, data: CrmDeliverData, delaySeconds = 0) {
  return queue.send(CRM_JOBS.deliver, data, {
    ...jobsInTransaction(tx),
    ...CRM_JOB_RETRY,
    ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}),
  });
}
