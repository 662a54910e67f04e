import type { Db } from '../../db/client.ts';
import type { Settings } from '../../env.ts';
import { type JobQueue, prepareQueues, workEach } from '../../jobs/queue.ts';
import { type Branding, tenantBranding } from '../../lib/branding.ts';
import type { Logger } from '../../lib/logger.ts';
import { escapeHtml } from '../../lib/message-templates.ts';
import type { Metrics } from '../../lib/metrics.ts';
import { sendInAppMessage } from '../../lib/notifications.ts';
import { DELIVER_OUTBOX_JOB, type Outbox } from '../../lib/outbox.ts';
import {
  type AttemptOutcome,
  type DeliveryToAttempt,
  deliveryPayload,
  disableGoneDestination,
  fanOutLead,
  findDelivery,
  isAttemptDue,
  lockDelivery,
  organisationOwners,
  recordAttempt,
} from './crm-delivery.repository.ts';
import { writeCrmEmail } from './crm-email.ts';
import { CRM_JOBS, type CrmDeliverData, type CrmFanOutData } from './crm-jobs.ts';
import { sendWebhook } from './crm-webhook.ts';

/**
 * The CRM delivery workers (decision 029 "Delivery"): `crm-fan-out` makes a new lead's deliveries,
 * `crm-deliver` makes one attempt of one delivery and schedules the next. Any number of processes may
 * run them; a job run twice repeats at most its one request, with the same `webhook-id`.
 */

export type CrmWorkerDeps = {
  db: Db;
  logger: Logger;
  settings: Settings;
  outbox: Outbox;
  queue: JobQueue;
  metrics: Metrics;
};

/**
 * The waits after each failed attempt (decision 029): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 24 h,
 * 24 h, about 3.2 days and 10 attempts in all, times `CRM_RETRY_TIME_SCALE`.
 */
export const CRM_RETRY_SCHEDULE_SECONDS = [
  5, 300, 1800, 7200, 18_000, 36_000, 36_000, 86_400, 86_400,
] as const;

/** Seconds until the attempt after `attempt` (1 = the first), or null when the schedule is over. */
export function retryDelaySeconds(attempt: number, scale: number): number | null {
  const wait = CRM_RETRY_SCHEDULE_SECONDS[attempt - 1];
  return wait === undefined ? null : wait * scale;
}

export const DESTINATION_DISABLED = 'Destination disabled';
export const LEAD_GONE = 'The lead no longer exists';
/** The bell message and email to the owners when a receiver answers 410. */
export const DESTINATION_GONE_TITLE = 'A CRM destination was disabled';
const CRM_PAGE_PATH = '/crm';

const failure = (error: string): AttemptOutcome => ({
  ok: false,
  responseCode: null,
  latencyMs: 0,
  error,
  final: true,
});

/** The webhook request, made outside any transaction: the embedded database has one connection. */
async function attemptWebhook(deps: CrmWorkerDeps, delivery: DeliveryToAttempt, at: Date) {
  const { destination } = delivery;
  const payload = await deliveryPayload(deps.db, delivery, deps.settings.baseUrl, at);
  if (!payload) return failure(LEAD_GONE);
  if (!destination.url || !destination.secret) return failure('The destination has no address or secret');
  return sendWebhook({
    url: destination.url,
    messageId: delivery.messageId,
    secrets: {
      secret: destination.secret,
      previousSecret: destination.previousSecret,
      previousSecretExpiresAt: destination.previousSecretExpiresAt,
    },
    payload,
    at,
    production: deps.settings.nodeEnv === 'production',
  });
}

/** The CRM email, written in the attempt's own transaction (delivered = in the outbox). */
async function attemptEmail(
  tx: Db,
  deps: CrmWorkerDeps,
  delivery: DeliveryToAttempt,
  attempt: number,
  at: Date,
): Promise<AttemptOutcome> {
  const payload = await deliveryPayload(tx, delivery, deps.settings.baseUrl, at);
  if (!payload) return failure(LEAD_GONE);
  if (!delivery.destination.email) return failure('The destination has no email address');
  return writeCrmEmail(tx, deps.outbox, {
    to: delivery.destination.email,
    payload,
    deliveryId: delivery.id,
    attempt,
  });
}

/** Decision 029: the owners hear of a 410 in the bell and by email, once (when it disabled the destination). */
async function tellOwnersGone(tx: Db, deps: CrmWorkerDeps, delivery: DeliveryToAttempt, branding: Branding) {
  const { destination } = delivery;
  const text = `${destination.name} (${destination.url ?? ''}) answered 410 Gone, so it no longer receives leads. Check its address and enable it again on the CRM page.`;
  for (const owner of await organisationOwners(tx, destination.organisationId)) {
    await sendInAppMessage(tx, {
      audience: { userId: owner.id },
      title: DESTINATION_GONE_TITLE,
      body: `<p>${escapeHtml(text)}</p>`,
      ctaLink: CRM_PAGE_PATH,
      ctaLabel: 'Open CRM',
      source: 'system',
    });
    await deps.outbox.send(
      {
        channel: 'email',
        to: owner.email,
        subject: `${DESTINATION_GONE_TITLE}: ${destination.name}`,
        text: `${text}\n\n${deps.settings.baseUrl}${CRM_PAGE_PATH}`,
        html: `<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif"><h1 style="font-size:20px">${escapeHtml(DESTINATION_GONE_TITLE)}</h1><p>${escapeHtml(text)}</p><p><a href="${escapeHtml(`${deps.settings.baseUrl}${CRM_PAGE_PATH}`)}" style="color:${escapeHtml(branding.primaryColor)}">Open the CRM page</a></p><p style="color:#868e96;font-size:12px">${escapeHtml(branding.siteName)}</p></body></html>`,
        template: 'crm-destination-disabled',
        tenant: branding.tenant,
        sender: branding.sender,
      },
      { tx },
    );
  }
}

export type DeliveryRun = 'skipped' | 'DELIVERED' | 'RETRYING' | 'FAILED';

const WEBHOOK_OUTCOME = { DELIVERED: 'delivered', RETRYING: 'retrying', FAILED: 'gave_up' } as const;

/**
 * Job `crm-deliver`: one attempt of one delivery, then, in one transaction under the delivery's row
 * lock, its record, the delivery's state and the next attempt's job. A job whose attempt is no longer
 * the delivery's next one (it ran already, or a resend overtook it) does nothing.
 */
export async function runCrmDelivery(deps: CrmWorkerDeps, data: CrmDeliverData): Promise<DeliveryRun> {
  const run = await attemptDelivery(deps, data);
  // Counted once the attempt's record committed; a webhook destination's attempts only (decision 037).
  if (run.outcome !== 'skipped' && run.webhook) {
    deps.metrics.webhookDeliveries.inc({ outcome: WEBHOOK_OUTCOME[run.outcome] });
  }
  return run.outcome;
}

async function attemptDelivery(
  deps: CrmWorkerDeps,
  data: CrmDeliverData,
): Promise<{ outcome: DeliveryRun; webhook?: boolean }> {
  const { db, settings } = deps;
  const found = await findDelivery(db, data.deliveryId);
  if (!found || !isAttemptDue(found, data.attempt)) return { outcome: 'skipped' };
  const at = new Date();
  const webhook =
    found.destination.enabled && found.destination.kind === 'WEBHOOK'
      ? await attemptWebhook(deps, found, at)
      : null;
  // Read before the transaction, which holds the embedded database's one connection.
  const branding = webhook?.gone
    ? await tenantBranding({
        db,
        productName: settings.productName,
        baseUrl: settings.baseUrl,
        emailFrom: settings.emailFrom,
      })
    : null;
  return db.transaction(async (tx) => {
    const delivery = await lockDelivery(tx, data.deliveryId);
    if (!delivery || !isAttemptDue(delivery, data.attempt)) return { outcome: 'skipped' };
    const emailDue = !webhook && delivery.destination.enabled && delivery.destination.kind === 'EMAIL';
    const outcome =
      webhook ??
      (emailDue ? await attemptEmail(tx, deps, delivery, data.attempt, at) : failure(DESTINATION_DISABLED));
    const final = outcome.final === true || outcome.gone === true;
    const retryInSeconds = final ? null : retryDelaySeconds(data.attempt, settings.crmRetryTimeScale);
    await recordAttempt(tx, deps.queue, {
      deliveryId: delivery.id,
      attempt: data.attempt,
      at,
      outcome,
      retryInSeconds,
    });
    if (outcome.gone && branding && (await disableGoneDestination(tx, delivery.destination.id))) {
      await tellOwnersGone(tx, deps, delivery, branding);
    }
    if (!outcome.ok) {
      deps.logger.info(
        { deliveryId: delivery.id, attempt: data.attempt, error: outcome.error, retryInSeconds },
        'CRM delivery attempt failed',
      );
    }
    return {
      outcome: outcome.ok ? 'DELIVERED' : retryInSeconds === null ? 'FAILED' : 'RETRYING',
      webhook: delivery.destination.kind === 'WEBHOOK',
    };
  });
}

/** Job `crm-fan-out`: the lead's deliveries and their first attempts (a rerun adds none). */
export async function runCrmFanOut(deps: CrmWorkerDeps, data: CrmFanOutData) {
  return fanOutLead(deps.db, deps.queue, data.leadId);
}

/**
 * Registers the CRM workers. Their queues are prepared first: intake sends `crm-fan-out` inside the
 * lead's transaction, the fan-out and every attempt send `crm-deliver` inside theirs, and a CRM email
 * or a 410 notice sends outbox deliveries inside the attempt's (jobs/queue.ts).
 */
export async function workCrmJobs(queue: JobQueue, deps: Omit<CrmWorkerDeps, 'queue'>) {
  await prepareQueues(queue, [...Object.values(CRM_JOBS), DELIVER_OUTBOX_JOB]);
  const jobDeps = { ...deps, queue };
  await workEach<CrmFanOutData>(queue, CRM_JOBS.fanOut, (data) => runCrmFanOut(jobDeps, data));
  // Attempts wait on receivers (up to the 15 s time-out): a batch's attempts at once, two batches at once.
  await workEach<CrmDeliverData>(queue, CRM_JOBS.deliver, (data) => runCrmDelivery(jobDeps, data), {
    batchSize: 4,
    parallel: true,
    workers: 2,
  });
}
