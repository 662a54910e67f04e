import { DEFAULT_ANALYTICS_CONFIG } from '@offplan/shared';
import { queueForwarding } from '../../jobs/forward-analytics.ts';
import { createRouter } from '../../lib/router.ts';
import { listEvents, storeEvents } from './analytics.repository.ts';
import { getAnalyticsConfig, getStoredAnalyticsEvents, postAnalyticsBatch } from './analytics.routes.ts';

export const analyticsRouter = createRouter();

analyticsRouter.openapi(postAnalyticsBatch, async (c) => {
  const { events } = c.req.valid('json');
  const { database, queue, settings } = c.get('deps');
  // The user comes from the session: a body cannot put events on someone else's record.
  const stored = await storeEvents(database.db, events, c.get('user')?.id ?? null);
  // Forwarding never runs inline with the visitor's request: a job does it, retried until it succeeds.
  await queueForwarding(queue, settings, stored);
  return c.json({ accepted: events.length }, 202);
});

analyticsRouter.openapi(getAnalyticsConfig, (c) => c.json(DEFAULT_ANALYTICS_CONFIG, 200));

analyticsRouter.openapi(getStoredAnalyticsEvents, async (c) =>
  c.json({ items: await listEvents(c.get('deps').database.db, c.req.valid('query')) }, 200),
);
