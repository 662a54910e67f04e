import type { Tenant } from '@offplan/shared';

/**
 * The leads module's background jobs (issue 16). Intake sends `notify` in the transaction that stores
 * the lead (jobs/queue.ts `jobsInTransaction`), so an acknowledged enquiry always has it; `notify`
 * sends `speedCheck` in the transaction that marks the lead notified.
 */
export const LEAD_JOBS = {
  /** {leadId}: the instant email to the project's recipients and the bell message, written once. */
  notify: 'lead-notify',
  /** {leadId}, due at the response deadline: alerts the assignee and owners if the lead is still New. */
  speedCheck: 'lead-speed-check',
  /** Daily (cron): each subscribed user's digest of yesterday's leads. */
  digest: 'lead-digest',
  /** Daily (cron): decays scores of leads without activity for 60 days (design §3). */
  scoreDecay: 'lead-score-decay',
  /** Sent when admins save the scoring rules: re-scores the open leads of the last 90 days. */
  rescore: 'lead-rescore',
  /**
   * {leadId}, sent by `notify` FEEDBACK_REQUEST_DELAY_HOURS ahead: the buyer's feedback link by email
   * (modules/buyer-feedback, issue 17).
   */
  feedbackRequest: 'buyer-feedback-request',
} as const;

/**
 * `tenant`: the site the enquiry came through (lib/branding.ts currentTenant() at intake); the team's
 * emails carry its branding. Offplan when not given.
 */
export type LeadJobData = { leadId: number; tenant?: Tenant };

/**
 * Retries for the follow-up jobs: a passing database hiccup must not lose a notification. Each job takes
 * seconds, so a claim left by a process that died expires after a minute and the job runs again.
 */
export const LEAD_JOB_RETRY = {
  expireInSeconds: 60,
  retryLimit: 10,
  retryDelay: 15,
  retryBackoff: true,
} as const;
