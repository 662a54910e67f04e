import { createHash } from 'node:crypto';
import { maskLeadContact, type Tenant } from '@offplan/shared';
import type { Db } from '../../db/client.ts';
import type { Settings } from '../../env.ts';
import { type JobQueue, jobsInTransaction } from '../../jobs/queue.ts';
import { type Branding, tenantBranding } from '../../lib/branding.ts';
import type { Logger } from '../../lib/logger.ts';
import { escapeHtml } from '../../lib/message-templates.ts';
import { sendInAppMessage } from '../../lib/notifications.ts';
import type { Outbox } from '../../lib/outbox.ts';
import { userCan } from '../../lib/permissions.ts';
import { scheduleFeedbackRequest } from '../buyer-feedback/buyer-feedback-request.ts';
import { leadEmails } from './lead-emails.ts';
import { LEAD_JOB_RETRY, LEAD_JOBS, type LeadJobData } from './lead-jobs.ts';
import {
  digestLeadsOf,
  digestSubscribers,
  type LeadRecipient,
  type LockedLead,
  lockLead,
  newLeadRecipients,
  recordNotified,
  recordSpeedAlert,
  speedAlertRecipients,
  stillWaiting,
} from './lead-notifications.repository.ts';
import { DEFAULT_RESPONSE_TARGET, responseTargetOf } from './lead-settings.repository.ts';
import { responseDeadline } from './speed-to-lead.ts';

/**
 * The leads module's messages (issue 16 items 6 and 7): the new-lead email and bell message, the
 * speed-to-lead alert and the daily digest. Each job may run twice (pg-boss retries, several
 * processes): the new-lead and speed jobs write their messages and their once-only mark in one
 * transaction under the lead's row lock; the digest's email id is made from the user and the day.
 */

export type LeadJobDeps = { db: Db; settings: Settings; outbox: Outbox; logger: Logger; queue: JobQueue };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Design §1: whoever lacks `leads.contact_details` (job role 8) reads masked details; a bare address is the project's choice. */
async function mayReadContact(db: Db, recipient: LeadRecipient): Promise<boolean> {
  if (recipient.userId === null) return true;
  return userCan(db, { ...recipient, id: recipient.userId }, 'leads.contact_details');
}

function brandingFor(deps: LeadJobDeps, tenant: Tenant = 'offplan'): Promise<Branding> {
  const { productName, baseUrl, emailFrom } = deps.settings;
  return tenantBranding({ db: deps.db, productName, baseUrl, emailFrom }, tenant);
}

const leadPath = (leadId: number) => `/leads?lead=${leadId}`;

/** The bell message to one user: plain words, everything a buyer typed escaped. */
function bell(tx: Db, userId: string, title: string, text: string, leadId: number) {
  return sendInAppMessage(tx, {
    audience: { userId },
    title,
    body: `<p>${escapeHtml(text)}</p>`,
    ctaLink: leadPath(leadId),
    ctaLabel: 'Open lead',
    source: 'system',
  });
}

/**
 * Job `lead-notify`, the one job intake writes with a new lead: emails each of the project's lead
 * recipients, puts a bell message in front of each recipient who is a user, and schedules the lead's
 * speed-to-lead check at its response deadline, once: nothing when the lead was already notified (or
 * is gone). The check is as durable as this job: it is written in the transaction that marks the lead
 * notified. (One job at intake rather than two: each is a round trip inside the lead's transaction.)
 */
export async function notifyLead(
  deps: LeadJobDeps,
  data: LeadJobData,
): Promise<'notified' | 'already' | 'gone'> {
  // Read before the transaction: on the embedded database it holds the only connection.
  const branding = await brandingFor(deps, data.tenant);
  return deps.db.transaction(async (tx) => {
    const lead = await lockLead(tx, data.leadId);
    if (!lead) return 'gone';
    if (lead.notifiedAt) return 'already';
    const recipients = await newLeadRecipients(tx, lead.project);
    const url = `${deps.settings.baseUrl}${leadPath(lead.id)}`;
    for (const recipient of recipients) {
      const masked = !(await mayReadContact(tx, recipient));
      const shown = masked ? maskLeadContact(lead) : lead;
      const email = leadEmails.newLead(branding, {
        lead: shown,
        projectTitle: lead.project.title,
        url,
        masked,
      });
      await deps.outbox.send(
        { channel: 'email', to: recipient.email, template: 'lead-new', ...email },
        { tx },
      );
      if (recipient.userId) {
        const text = `${shown.name} enquired on ${lead.project.title}. Score ${lead.score}/100.`;
        await bell(tx, recipient.userId, `New lead for ${lead.project.title}`, text, lead.id);
      }
    }
    await recordNotified(tx, lead.id, new Date(), recipients.length);
    const { organisationId } = lead.project;
    const target = organisationId ? await responseTargetOf(tx, organisationId) : DEFAULT_RESPONSE_TARGET;
    await deps.queue.send(LEAD_JOBS.speedCheck, data, {
      ...jobsInTransaction(tx),
      ...LEAD_JOB_RETRY,
      startAfter: responseDeadline(lead.createdAt, target, lead.project.state),
    });
    // Issue 17: the buyer's feedback request, as durable as the check and written as once.
    await scheduleFeedbackRequest(deps, tx, data, lead.createdAt);
    return 'notified';
  });
}

/**
 * Job `lead-speed-check`, due at the lead's response deadline: when the lead is still New with no
 * first response, alerts its assignee and the organisation's owners (bell and email), once.
 */
export async function checkLeadSpeed(
  deps: LeadJobDeps,
  data: LeadJobData,
  now = new Date(),
): Promise<'alerted' | 'answered' | 'gone'> {
  const branding = await brandingFor(deps, data.tenant);
  return deps.db.transaction(async (tx) => {
    const lead = await lockLead(tx, data.leadId);
    if (!lead) return 'gone';
    if (!stillWaiting(lead)) return 'answered';
    const minutesWaiting = Math.max(0, Math.round((now.getTime() - lead.createdAt.getTime()) / MINUTE));
    await alertRecipients(deps, tx, branding, lead, minutesWaiting);
    await recordSpeedAlert(tx, lead.id, now, minutesWaiting);
    return 'alerted';
  });
}

async function alertRecipients(
  deps: LeadJobDeps,
  tx: Db,
  branding: Branding,
  lead: LockedLead,
  minutesWaiting: number,
) {
  const url = `${deps.settings.baseUrl}${leadPath(lead.id)}`;
  for (const recipient of await speedAlertRecipients(tx, lead)) {
    const buyerName = (await mayReadContact(tx, recipient))
      ? lead.name
      : maskLeadContact({ name: lead.name }).name;
    const projectTitle = lead.project.title;
    const email = leadEmails.speedAlert(branding, { buyerName, projectTitle, minutesWaiting, url });
    await deps.outbox.send(
      { channel: 'email', to: recipient.email, template: 'lead-speed-alert', ...email },
      { tx },
    );
    if (recipient.userId) {
      const text = `Lead waiting: ${buyerName} on ${projectTitle} has had no response for ${minutesWaiting} minutes.`;
      await bell(tx, recipient.userId, `Lead waiting on ${projectTitle}`, text, lead.id);
    }
  }
}

/** The digest's day and its words, in Sydney time (the schedule's zone). */
const DIGEST_TIME_ZONE = 'Australia/Sydney';
const digestDay = (now: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: DIGEST_TIME_ZONE }).format(now);
const digestDayLabel = (now: Date) =>
  new Intl.DateTimeFormat('en-AU', {
    timeZone: DIGEST_TIME_ZONE,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(now);

/** The outbox id of a user's digest of one day (a name-based UUID): the same day's second run writes nothing. */
export function digestMessageId(userId: string, day: string): string {
  const hash = createHash('sha1').update(`lead-digest:${userId}:${day}`).digest('hex');
  const variant = ((Number.parseInt(hash.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hash.slice(0, 8)}-${hash.slice(8, 12)}-5${hash.slice(13, 16)}-${variant}${hash.slice(18, 20)}-${hash.slice(20, 32)}`;
}

const DIGEST_SUBSCRIBER_PAGE = 200;
/** The leads a digest lists; the rest are counted ("and 12 more"). */
export const DIGEST_LEADS_LISTED = 50;

/**
 * Job `lead-digest` (daily, 07:00 Sydney): each subscriber's leads of the last 24 hours on the projects
 * they are an approved member of, in one email (masked for job role 8); nothing for a user without
 * any. Answers how many subscribers have a digest for the day (one written by an earlier run counts).
 */
export async function sendLeadDigests(deps: LeadJobDeps, now = new Date()): Promise<number> {
  const branding = await brandingFor(deps);
  const since = new Date(now.getTime() - 24 * HOUR);
  const day = digestDay(now);
  let written = 0;
  let after: string | null = null;
  for (;;) {
    const subscribers = await digestSubscribers(deps.db, after, DIGEST_SUBSCRIBER_PAGE);
    for (const subscriber of subscribers) {
      const { total, items } = await digestLeadsOf(deps.db, subscriber.userId, since, DIGEST_LEADS_LISTED);
      if (total === 0) continue;
      const masked = !(await mayReadContact(deps.db, subscriber));
      const email = leadEmails.digest(branding, {
        dayLabel: digestDayLabel(now),
        total,
        items: masked ? items.map((item) => maskLeadContact(item)) : items,
        url: `${deps.settings.baseUrl}/leads`,
      });
      const id = digestMessageId(subscriber.userId, day);
      // The row and its delivery job together, so a crash between them cannot strand the digest.
      await deps.db.transaction((tx) =>
        deps.outbox.send(
          { channel: 'email', to: subscriber.email, template: 'lead-digest', ...email },
          { tx, id },
        ),
      );
      written += 1;
    }
    if (subscribers.length < DIGEST_SUBSCRIBER_PAGE) return written;
    after = subscribers.at(-1)?.userId ?? null;
  }
}
