import { DEFAULT_ANALYTICS_CONFIG } from '@offplan/shared';
import { FORWARD_ANALYTICS_JOB, FORWARD_RETRY, forwardingVendors } from '../../jobs/forward-analytics.ts';
import { createRouter } from '../../lib/router.ts';
import { refuseOverLimit } from '../../lib/throttle.ts';
import { requirePermission } from '../../middlewares/session.ts';
import { listEvents, storeEvents } from './analytics.repository.ts';
import { getAnalyticsConfig, getStoredAnalyticsEvents, postAnalyticsBatch } from './analytics.routes.ts';

/** Batches a visitor may send a minute: the tracker flushes every 5 s, so 60 leaves room for bursts. */
export const ANALYTICS_BATCHES_PER_MINUTE = 60;

export const analyticsRouter = createRouter();

// Before the body is parsed, so a flood costs one counter update per request.
analyticsRouter.use(postAnalyticsBatch.path, async (c, next) => {
  const visitor = c.get('clientIp') ?? 'unknown';
  await refuseOverLimit(
    c,
    `analytics:${visitor}`,
    { windowSeconds: 60, max: ANALYTICS_BATCHES_PER_MINUTE },
    (seconds) => `Too many events. Try again in ${seconds} seconds.`,
  );
  await next();
});

analyticsRouter.openapi(postAnalyticsBatch, async (c) => {
  const { events } = c.req.valid('json');
  const { database, queue, settings } = c.get('deps');
  // The user comes from the session: a body cannot put events on someone else's record.
  const stored = await storeEvents(database.db, events, c.get('user')?.id ?? null);
  // Forwarding never runs inline with the visitor's request: a job does it, retried until it succeeds.
  if (stored.length) {
    for (const vendor of forwardingVendors(settings)) {
      await queue.send(FORWARD_ANALYTICS_JOB, { vendor, insertIds: stored }, FORWARD_RETRY);
    }
  }
  return c.json({ accepted: events.length }, 202);
});

analyticsRouter.openapi(getAnalyticsConfig, (c) => c.json(DEFAULT_ANALYTICS_CONFIG, 200));

analyticsRouter.use(getStoredAnalyticsEvents.path, requirePermission('settings.manage'));
analyticsRouter.openapi(getStoredAnalyticsEvents, async (c) =>
  c.json({ items: await listEvents(c.get('deps').database.db, c.req.valid('query')) }, 200),
);
