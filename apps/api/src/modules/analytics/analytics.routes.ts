import { createRoute, z } from '@hono/zod-openapi';
import {
  analyticsBatchResultSchema,
  analyticsBatchSchema,
  analyticsRemoteConfigSchema,
  text,
} from '@offplan/shared';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponse } from '../../lib/router.ts';
import { refuseOverLimit } from '../../lib/throttle.ts';
import { limitBody, requirePlatformAdmin } from '../../middlewares/guards.ts';

export const ANALYTICS_BATCH_PATH = '/api/analytics/batch';
/** The tracker sends at most 450 KB a batch (spec §9); a little room for the envelope. */
export const ANALYTICS_BATCH_MAX_BYTES = 512 * 1024;
/** Batches a visitor may send a minute: the tracker flushes every 5 s, so 60 leaves room for bursts. */
export const ANALYTICS_BATCHES_PER_MINUTE = 60;

/** Before the body is parsed, so a flood costs one counter update per request. */
const throttleAnalyticsBatches = createMiddleware<AppEnv>(async (c, next) => {
  const visitor = c.get('clientIp') ?? 'unknown';
  await refuseOverLimit(
    c,
    `analytics:${visitor}`,
    { windowSeconds: 60, max: ANALYTICS_BATCHES_PER_MINUTE },
    (seconds) => `Too many events. Try again in ${seconds} seconds.`,
  );
  await next();
});

export const postAnalyticsBatch = createRoute({
  method: 'post',
  path: ANALYTICS_BATCH_PATH,
  // Signed-out visitors send too: no session guard, only the size and the rate.
  middleware: [limitBody(ANALYTICS_BATCH_MAX_BYTES), throttleAnalyticsBatches] as const,
  tags: ['Analytics'],
  summary:
    'Stores a batch of tracked events (first party); forwarded to a vendor by a job when one is configured',
  description:
    'Signed-out visitors may send too. The user is taken from the session, never from the body. A batch is stored whole or not at all.',
  request: { body: { required: true, content: { 'application/json': { schema: analyticsBatchSchema } } } },
  responses: {
    202: { description: 'Stored', content: { 'application/json': { schema: analyticsBatchResultSchema } } },
    400: errorResponse('A malformed event or an event name outside the allowed set'),
    413: errorResponse('Larger than 512 KB'),
    429: errorResponse('Too many batches from this visitor'),
  },
});

export const getAnalyticsConfig = createRoute({
  method: 'get',
  path: '/api/analytics/config',
  tags: ['Analytics'],
  summary: "The tracker's remote config (spec §7); the tracker keeps its own when this fails",
  request: {
    query: z.object({
      api_key: text().max(200).optional(),
      config_keys: text().max(500).optional(),
      session_id: text().max(50).optional(),
    }),
  },
  responses: {
    200: { description: 'Config', content: { 'application/json': { schema: analyticsRemoteConfigSchema } } },
  },
});

export const storedAnalyticsEventSchema = z.object({
  insertId: z.string(),
  eventType: z.string(),
  time: z.string(),
  version: z.string(),
  sessionId: z.number(),
  deviceId: z.string(),
  userId: z.string().nullable(),
  campaignId: z.string().nullable(),
  eventProperties: z.record(z.string(), z.unknown()),
  userProperties: z.record(z.string(), z.unknown()),
});

export const getStoredAnalyticsEvents = createRoute({
  method: 'get',
  path: '/api/admin/analytics/events',
  middleware: [requirePlatformAdmin] as const,
  tags: ['Admin'],
  summary: 'Stored events, newest first, by visitor or user (admins; the CSV export arrives with /export)',
  request: {
    query: z.object({
      deviceId: text().max(128).optional(),
      userId: text().max(128).optional(),
      limit: z.coerce.number().int().min(1).max(1000).default(200),
    }),
  },
  responses: {
    200: {
      description: 'Events',
      content: { 'application/json': { schema: z.object({ items: z.array(storedAnalyticsEventSchema) }) } },
    },
    401: errorResponse('No session'),
    403: errorResponse('Not allowed'),
  },
});
