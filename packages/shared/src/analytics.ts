import { z } from 'zod';
import {
  ANALYTICS_EVENT_TYPES,
  ANALYTICS_MAX_EVENTS_PER_BATCH,
  type AnalyticsRemoteConfig,
} from './analytics-events.ts';
import { ANALYTICS } from './constants.ts';
import { text } from './text.ts';

/**
 * The analytics contract's schemas (POST /api/analytics/batch, GET /api/analytics/config). The event
 * types, defaults and the other constants are in analytics-events.ts, and the web tracker's checks of
 * the same rules without Zod in analytics-checks.ts: the tracker runs on every first page (decision 044).
 */

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
}) satisfies z.ZodType<AnalyticsRemoteConfig>;
