import type { Db } from '../db/client.ts';
import type { Settings } from '../env.ts';
import type { Logger } from '../lib/logger.ts';
import type { Metrics } from '../lib/metrics.ts';
import type { Outbox } from '../lib/outbox.ts';
import { workCrmJobs } from '../modules/crm/crm-workers.ts';
import { workLeadJobs } from '../modules/leads/lead-workers.ts';
import { scheduleAnalyticsRetention } from './analytics-retention.ts';
import { workOutboxDelivery } from './deliver-outbox.ts';
import { workAnalyticsForwarding } from './forward-analytics.ts';
import { scheduleListingEventPartitions } from './listing-event-partitions.ts';
import { workListingRollup } from './listing-rollup.ts';
import type { JobQueue } from './queue.ts';

/** Every background job this process works on. Any number of processes may run them: pg-boss shares the work. */
export async function startWorkers(
  queue: JobQueue,
  options: { db: Db; logger: Logger; settings: Settings; outbox: Outbox; metrics: Metrics },
) {
  const { db, logger, settings } = options;
  await workOutboxDelivery(queue, { db, logger, smtpUrl: settings.smtpUrl, emailFrom: settings.emailFrom });
  await workAnalyticsForwarding(queue, { db, logger, settings });
  await scheduleAnalyticsRetention(queue, { db, logger, settings });
  await workLeadJobs(queue, { db, logger, settings, outbox: options.outbox });
  // Before any intake: an enquiry sends the CRM fan-out inside its transaction (decision 029).
  await workCrmJobs(queue, { db, logger, settings, outbox: options.outbox, metrics: options.metrics });
  await scheduleListingEventPartitions(queue, { db, logger, settings });
  await workListingRollup(queue, { db, logger });
}
