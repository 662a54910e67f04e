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

type WorkerOptions = { db: Db; logger: Logger; settings: Settings; outbox: Outbox; metrics: Metrics };

/**
 * Every background job this process works on. Any number of processes may run them: pg-boss shares the work.
 *
 * With `registerLater`, what can wait for the process to listen does (issue 21: about half a second of
 * a later start on PGlite): the queues are made and cached now, as intake needs them, and the workers'
 * `work` and `schedule` calls are kept and made by the returned `register`.
 */
export async function startWorkers(
  queue: JobQueue,
  options: WorkerOptions,
  { registerLater = false }: { registerLater?: boolean } = {},
): Promise<{ register: () => Promise<void> }> {
  if (!registerLater) {
    await startEveryWorker(queue, options);
    return { register: async () => {} };
  }
  const deferring = await deferringRegistrations(queue);
  await startEveryWorker(deferring.queue, options);
  return { register: deferring.register };
}

/**
 * The queue as the workers' start-up sees it when their registrations wait. `createQueue` of a queue
 * that exists is skipped: pg-boss's own is a no-op there (insert … on conflict do nothing) but drops the
 * queue from its cache, and on PGlite a send inside a transaction that misses the cache waits for ever
 * (jobs/queue.ts `prepareQueues`), a race with the first enquiries once the process listens. `work` and
 * `schedule` are kept until `register`; after it, and for everything else, this is the queue itself.
 */
async function deferringRegistrations(queue: JobQueue) {
  const existing = new Set((await queue.getQueues()).map((each) => each.name));
  const kept: (() => Promise<unknown>)[] = [];
  let registered = false;
  const deferring = new Proxy(queue, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property === 'createQueue') {
        return (name: string, ...rest: unknown[]) =>
          existing.has(name) ? Promise.resolve() : value.call(target, name, ...rest);
      }
      if (!registered && (property === 'work' || property === 'schedule')) {
        return (...args: unknown[]) => {
          kept.push(() => value.apply(target, args));
          return Promise.resolve('');
        };
      }
      return value.bind(target);
    },
  });
  const register = async () => {
    registered = true;
    for (const call of kept.splice(0)) await call();
  };
  return { queue: deferring, register };
}

async function startEveryWorker(queue: JobQueue, options: WorkerOptions) {
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
