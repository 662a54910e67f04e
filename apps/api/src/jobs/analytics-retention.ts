import type { Db } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import { deleteEventsBefore } from '../modules/analytics/analytics.repository.ts';
import { ANALYTICS_RETENTION_JOB } from './forward-analytics.ts';
import type { JobQueue } from './queue.ts';

/** Deletes events older than the retention setting, every night at 03:00 (one run across all processes). */
export async function scheduleAnalyticsRetention(
  queue: JobQueue,
  options: { db: Db; logger: Logger; retentionDays: number },
) {
  await queue.createQueue(ANALYTICS_RETENTION_JOB);
  await queue.work(ANALYTICS_RETENTION_JOB, async () => {
    const cutoff = new Date(Date.now() - options.retentionDays * 24 * 60 * 60 * 1000);
    const deleted = await deleteEventsBefore(options.db, cutoff);
    if (deleted) options.logger.info({ deleted, cutoff }, 'analytics retention');
  });
  await queue.schedule(ANALYTICS_RETENTION_JOB, '0 3 * * *');
}
