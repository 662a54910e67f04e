import type { Tenant } from '@offplan/shared';
import type { Db } from '../../db/client.ts';
import type { Settings } from '../../env.ts';
import { type JobQueue, jobsInTransaction } from '../../jobs/queue.ts';
import { type Branding, tenantBranding } from '../../lib/branding.ts';
import type { Outbox } from '../../lib/outbox.ts';
import { LEAD_JOB_RETRY, LEAD_JOBS, type LeadJobData } from '../leads/lead-jobs.ts';
import { createFeedbackRequest, feedbackLeadOf } from './buyer-feedback.repository.ts';
import { feedbackRequestEmail } from './buyer-feedback-emails.ts';
import { feedbackPath, feedbackTokenHash, newFeedbackToken } from './buyer-feedback-token.ts';

export type FeedbackJobDeps = { db: Db; settings: Settings; outbox: Outbox };

const HOUR_MS = 60 * 60 * 1000;

/**
 * Sends the lead's `buyer-feedback-request` job, due FEEDBACK_REQUEST_DELAY_HOURS after the lead came
 * in. Called by `lead-notify` in the transaction that marks a NEW lead notified (a merged repeat sends
 * no notify job), so every new lead gets it once and enquiry intake spends no round trip on it.
 */
export function scheduleFeedbackRequest(
  deps: { queue: JobQueue; settings: Settings },
  tx: Db,
  data: LeadJobData,
  leadCreatedAt: Date,
) {
  const startAfter = new Date(leadCreatedAt.getTime() + deps.settings.feedbackRequestDelayHours * HOUR_MS);
  return deps.queue.send(LEAD_JOBS.feedbackRequest, data, {
    ...jobsInTransaction(tx),
    ...LEAD_JOB_RETRY,
    startAfter,
  });
}

function brandingFor(deps: FeedbackJobDeps, tenant: Tenant = 'offplan'): Promise<Branding> {
  const { productName, baseUrl, emailFrom } = deps.settings;
  return tenantBranding({ db: deps.db, productName, baseUrl, emailFrom }, tenant);
}

/**
 * Job `buyer-feedback-request`: writes the lead's single-use feedback link and emails it to the buyer
 * (outbox), in one transaction, branded for the site they enquired on. Safe to run again: a lead that
 * has a request gets nothing more, and a lead deleted meanwhile nothing at all.
 */
export async function requestBuyerFeedback(
  deps: FeedbackJobDeps,
  data: LeadJobData,
): Promise<'sent' | 'already' | 'gone'> {
  // Read before the transaction: on the embedded database it holds the only connection.
  const branding = await brandingFor(deps, data.tenant);
  return deps.db.transaction(async (tx) => {
    const lead = await feedbackLeadOf(tx, data.leadId);
    // Every lead carries the buyer's consent to be contacted about the development (the form requires
    // it; consent_at is never null), which covers this one email.
    if (!lead) return 'gone';
    const token = newFeedbackToken();
    if (!(await createFeedbackRequest(tx, lead.id, feedbackTokenHash(token)))) return 'already';
    const email = feedbackRequestEmail(branding, {
      buyerName: lead.name,
      projectTitle: lead.projectTitle,
      agentFirstName: lead.agentFirstName,
      enquiredAt: lead.createdAt,
      url: `${deps.settings.baseUrl}${feedbackPath(token)}`,
    });
    await deps.outbox.send(
      { channel: 'email', to: lead.email, template: 'buyer-feedback-request', ...email },
      { tx },
    );
    return 'sent';
  });
}
