import { and, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { analyticsEvents } from '../db/schema/index.ts';
import type { Settings } from '../env.ts';
import type { Logger } from '../lib/logger.ts';
import { deleteEventsBefore } from '../modules/analytics/analytics.repository.ts';
import {
  ANALYTICS_RETENTION_JOB,
  FORWARD_ANALYTICS_JOB,
  FORWARD_RETRY,
  forwardingVendors,
} from './forward-analytics.ts';
import type { JobQueue } from './queue.ts';

/** Events a nightly run hands back to forwarding, per vendor, in jobs of this size. */
const REFORWARD_CHUNK = 500;
const REFORWARD_MAX = 50_000;

/**
 * Every night at 03:00 (one run across all processes): deletes events older than the retention
 * setting, then hands events a vendor has still not accepted (their jobs gave up during a long outage)
 * back to forwarding, so a vendor outage loses no event until the retention ends.
 */
export async function scheduleAnalyticsRetention(
  queue: JobQueue,
  options: { db: Db; logger: Logger; settings: Settings },
) {
  const { db, logger, settings } = options;
  await queue.createQueue(ANALYTICS_RETENTION_JOB);
  await queue.work(ANALYTICS_RETENTION_JOB, async () => {
    const cutoff = new Date(Date.now() - settings.analytics.retentionDays * 24 * 60 * 60 * 1000);
    const deleted = await deleteEventsBefore(db, cutoff);
    if (deleted) logger.info({ deleted, cutoff }, 'analytics retention');
    const settled = new Date(Date.now() - 60 * 60 * 1000);
    for (const vendor of forwardingVendors(settings)) {
      const column =
        vendor === 'amplitude' ? analyticsEvents.amplitudeForwardedAt : analyticsEvents.posthogForwardedAt;
      const rows = await db
        .select({ insertId: analyticsEvents.insertId })
        .from(analyticsEvents)
        .where(and(isNull(column), lt(analyticsEvents.receivedAt, settled)))
        .limit(REFORWARD_MAX);
      for (let start = 0; start < rows.length; start += REFORWARD_CHUNK) {
        const insertIds = rows.slice(start, start + REFORWARD_CHUNK).map((row) => row.insertId);
        await queue.send(FORWARD_ANALYTICS_JOB, { vendor, insertIds }, FORWARD_RETRY);
      }
      if (rows.length) logger.info({ vendor, events: rows.length }, 'analytics handed back to forwarding');
    }
  });
  await queue.schedule(ANALYTICS_RETENTION_JOB, '0 3 * * *');
}
