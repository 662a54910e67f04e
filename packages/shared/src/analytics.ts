import { z } from 'zod';
import { ANALYTICS } from './constants.ts';
import { text } from './text.ts';

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

// Keys and string values follow the text rule: a NUL anywhere (a key too) is refused with a 400.
const propertyValue = z.union([
  text().max(1024),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([text().max(1024), z.number(), z.boolean()])).max(1000),
]);
const properties = z
  .record(text().max(128), propertyValue)
  .refine((value) => Object.keys(value).length <= 100, {
    message: 'at most 100 properties',
  });

/** One event as the tracker sends it (and the store keeps it). */
export const analyticsEventSchema = z.strictObject({
  /** Unique per event: the store ignores a second copy (retries send the same event again). */
  insert_id: z.uuid(),
  event_type: z.enum(ANALYTICS_EVENT_TYPES),
  /** Milliseconds since the epoch, on the client. */
  time: z.number().int().positive(),
  /** Spec §1: every tracked event is tagged with version 'next'. */
  version: z.literal(ANALYTICS.version),
  /** The session's start time in ms (spec §4 analytics session). */
  session_id: z.number().int().positive(),
  /** The anonymous visitor (`csl` when given, else a random id kept by the browser). */
  device_id: text().min(1).max(128),
  user_id: text().min(1).max(128).nullish(),
  campaign_id: text().min(1).max(128).nullish(),
  event_properties: properties.default({}),
  user_properties: properties.default({}),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** POST /api/analytics/batch. */
export const ANALYTICS_MAX_EVENTS_PER_BATCH = 100;
export const analyticsBatchSchema = z.strictObject({
  events: z.array(analyticsEventSchema).min(1).max(ANALYTICS_MAX_EVENTS_PER_BATCH),
});
export const analyticsBatchResultSchema = z.object({ accepted: z.number().int() });

/** GET /api/analytics/config: the remote config (spec §7, §9); the tracker falls back to its own on failure. */
export const analyticsRemoteConfigSchema = z.object({
  autocapture: z.boolean(),
  flushIntervalMs: z.number().int().positive(),
  batchEvents: z.number().int().positive(),
  sessionTimeoutMs: z.number().int().positive(),
});
export type AnalyticsRemoteConfig = z.infer<typeof analyticsRemoteConfigSchema>;

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
