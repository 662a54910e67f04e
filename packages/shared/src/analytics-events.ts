import { ANALYTICS } from './constants.ts';

/**
 * Analytics' event types, landing parameters and defaults (spec §5, §7), apart from the contract's
 * schemas (analytics.ts): the web tracker runs on every first page, and a module it imports builds
 * every schema it holds (decision 044).
 */

/** Spec §7 "Analytics events sent", named by the features that send them. */
export const PRODUCT_EVENTS = [
  'notification_appear',
  'notification_bell_appear',
  'notification_clicked',
  'notification_bell_clicked',
  'darkmode_settings_updated',
  'sidebar_settings_updated',
  'contact_selected',
  'feedback_selected',
  'contact_team_selected',
  'portal_user_signup',
  'portal_user_login',
] as const;

/** Autocapture's events (spec §5): a click, a change of a field, a form submitted; and page views. */
export const AUTOCAPTURE_EVENTS = [
  'element_clicked',
  'element_changed',
  'form_submitted',
  'page_viewed',
] as const;

export const ANALYTICS_EVENT_TYPES = [...PRODUCT_EVENTS, ...AUTOCAPTURE_EVENTS] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

/** Spec §7: the four events that also carry the email campaign id. */
export const CAMPAIGN_EVENTS: readonly AnalyticsEventType[] = [
  'notification_appear',
  'notification_clicked',
  'portal_user_signup',
  'portal_user_login',
];

/** Query parameters of spec §2 read on page load. */
export const CAMPAIGN_QUERY_PARAM = 'iterableEmailCampaignId';
export const ANONYMOUS_ID_QUERY_PARAM = 'csl';

/** POST /api/analytics/batch: at most this many events. */
export const ANALYTICS_MAX_EVENTS_PER_BATCH = 100;

/** GET /api/analytics/config: the remote config (spec §7, §9); analyticsRemoteConfigSchema checks it. */
export type AnalyticsRemoteConfig = {
  autocapture: boolean;
  flushIntervalMs: number;
  batchEvents: number;
  sessionTimeoutMs: number;
};

export const DEFAULT_ANALYTICS_CONFIG: AnalyticsRemoteConfig = {
  autocapture: true,
  flushIntervalMs: ANALYTICS.flushIntervalMs,
  batchEvents: ANALYTICS.batchEvents,
  sessionTimeoutMs: ANALYTICS.sessionTimeoutMs,
};

/** Spec §3 renames from the project source to the analytics project properties. */
export const ANALYTICS_PROJECT_RENAMES = {
  id: 'project_id',
  has_floorplan_link: 'has_floorplan',
  location_taxonomize_terms_url: 'project_suburb',
  project_state_name: 'project_state',
  lga_name: 'project_lga',
} as const;

/** Spec §3 "Analytics project": the source object with the listed keys renamed, the rest kept. */
export function toAnalyticsProject(source: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(source).map(([key, value]) => [
      ANALYTICS_PROJECT_RENAMES[key as keyof typeof ANALYTICS_PROJECT_RENAMES] ?? key,
      value,
    ]),
  );
}

/** Spec §3 "Analytics user" properties; `role`, `role_id` and `user_role` per spec §6. */
export type AnalyticsUser = {
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  job_title: string | null;
  role_id: number | null;
  user_role: string | null;
  role: string;
  company: string | null;
  org_id: string | null;
  role_updated: boolean;
  terms_accepted: boolean;
  organisation_visibility: string | null;
};
