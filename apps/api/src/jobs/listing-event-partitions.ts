import type { Db } from '../db/client.ts';
import type { Settings } from '../env.ts';
import type { Logger } from '../lib/logger.ts';
import { forgetEndedMarketplaceSearchLimits } from '../modules/buyer-demands/marketplace-searches.repository.ts';
import { forgetEndedListingEventLimits } from '../modules/listing-events/listing-events.repository.ts';
import {
  dropListingEventPartitionsBefore,
  ensureListingEventPartitions,
} from '../modules/listing-events/listing-partitions.repository.ts';
import type { JobQueue } from './queue.ts';

/** Decision 028: the daily upkeep of the listing events' monthly partitions. */
export const LISTING_EVENT_PARTITIONS_JOB = 'listing-event-partitions';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One upkeep run: the partitions of this month and the next two exist, the months wholly older than
 * the analytics retention (`ANALYTICS_RETENTION_DAYS`) are dropped (rollups are never touched), and
 * the public intakes' ended per-address counters (listing events, marketplace searches) are forgotten.
 */
export async function maintainListingEventPartitions(
  db: Db,
  options: { logger: Logger; retentionDays: number; now?: Date },
) {
  const now = options.now ?? new Date();
  const created = await ensureListingEventPartitions(db, now);
  const cutoff = new Date(now.getTime() - options.retentionDays * DAY_MS);
  const dropped = await dropListingEventPartitionsBefore(db, cutoff);
  const forgotten =
    (await forgetEndedListingEventLimits(db)) + (await forgetEndedMarketplaceSearchLimits(db));
  if (created || dropped.length)
    options.logger.info({ created, dropped, cutoff, forgotten }, 'listing event partitions');
  return { created, dropped, forgotten };
}

/**
 * At start, the partitions this month's events need (the process may start on a month the last run
 * never made); then every day at 02:30 (one run across all processes), the upkeep above.
 */
export async function scheduleListingEventPartitions(
  queue: JobQueue,
  options: { db: Db; logger: Logger; settings: Settings },
) {
  const { db, logger, settings } = options;
  await ensureListingEventPartitions(db);
  await queue.createQueue(LISTING_EVENT_PARTITIONS_JOB);
  await queue.work(LISTING_EVENT_PARTITIONS_JOB, async () => {
    await maintainListingEventPartitions(db, { logger, retentionDays: settings.analytics.retentionDays });
  });
  await queue.schedule(LISTING_EVENT_PARTITIONS_JOB, '30 2 * * *');
}
