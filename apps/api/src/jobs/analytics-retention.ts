import type { Db } from '../db/client.ts';
import type { Settings } from '../env.ts';
import type { Logger } from '../lib/logger.ts';
import { deleteEventsBefore, strandedEventIds } from '../modules/analytics/analytics.repository.ts';
import {
  ANALYTICS_RETENTION_JOB,
  FORWARD_RETRY,
  forwardingVendors,
  forwardQueue,
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
      // Events whose retries still run may be handed back too: the forwarding claim sends each only once.
      const insertIds = await strandedEventIds(db, vendor, settled, REFORWARD_MAX);
      for (let start = 0; start < insertIds.length; start += REFORWARD_CHUNK) {
        const chunk = insertIds.slice(start, start + REFORWARD_CHUNK);
        await queue.send(forwardQueue(vendor), { insertIds: chunk }, FORWARD_RETRY);
      }
      if (insertIds.length)
        logger.info({ vendor, events: insertIds.length }, 'analytics handed back to forwarding');
    }
  });
  await queue.schedule(ANALYTICS_RETENTION_JOB, '0 3 * * *');
}
