import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Logger } from './logger.ts';

/**
 * The portal's Prometheus metrics (issue 20, decision 037): one registry per composed app, so the tests,
 * which compose several apps in one process, never register a name twice. Instruments travel in the
 * app's deps (`deps.metrics`); nothing imports a registry of its own.
 */

/** A job queue's counts as pg-boss keeps them (scheduled-tasks' `listQueues` reads them). */
export type QueueCounts = {
  name: string;
  ready: number;
  deferred: number;
  active: number;
  failed: number;
};

export type MetricSources = {
  logger: Logger;
  /** The PostgreSQL server's pool; the embedded database has none, so its pool gauges are not reported. */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'> & { options: { max?: number } };
  /** Every job queue with its counts, read at scrape time. */
  readQueues?: () => Promise<readonly QueueCounts[]>;
};

/** `route` of a request no route answered: paths are never labels (one series per path is unbounded). */
export const UNMATCHED_ROUTE = 'unmatched';
/** `route` of the web app's files and index.html and of served media: one label for all of them. */
export const STATIC_ROUTE = 'static';

/** Seconds. Below 5 ms too: a cached listing page or a session read answers in about a millisecond. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const JOB_STATES = ['ready', 'deferred', 'active', 'failed'] as const;

export type Metrics = ReturnType<typeof createMetrics>;

let processRegistry: Registry | undefined;

/**
 * prom-client's default metrics (CPU, memory, event loop lag, GC, handles) describe the process, not
 * an app: collected once per process. Each collection starts an event-loop monitor and a GC observer
 * that never stop, which once per composed app would multiply in the tests.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

function poolGauges(registry: Registry, pool: NonNullable<MetricSources['pool']>) {
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge(
    'offplan_db_pool_clients',
    'Connections the database pool holds open (idle and in use).',
    () => pool.totalCount,
  );
  gauge('offplan_db_pool_idle_clients', 'Open pool connections not in use.', () => pool.idleCount);
  gauge(
    'offplan_db_pool_waiting_requests',
    'Queries waiting for a pool connection.',
    () => pool.waitingCount,
  );
  gauge('offplan_db_pool_max_clients', 'The most connections the pool opens.', () => pool.options.max ?? 10);
}

function queueGauges(registry: Registry, readQueues: () => Promise<readonly QueueCounts[]>, logger: Logger) {
  new Gauge({
    name: 'offplan_job_queue_jobs',
    help: 'Jobs per queue and state as pg-boss counts them (refreshed by its monitor, about once a minute); the same for every process on one database. Depth: state="ready"; failed: failed jobs still kept.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      let queues: readonly QueueCounts[];
      try {
        queues = await readQueues();
      } catch (error) {
        // A scrape while the database is away still answers the rest; no stale counts are reported.
        logger.warn({ err: error }, 'metrics: job queue counts unreadable');
        this.reset();
        return;
      }
      this.reset();
      for (const queue of queues) {
        for (const state of JOB_STATES) this.set({ queue: queue.name, state }, queue[state]);
      }
    },
  });
}

/** The registry and instruments of one app. */
export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  const httpLabels = ['method', 'route', 'status'] as const;
  const metrics = {
    registry,
    httpRequests: new Counter({
      name: 'offplan_http_requests_total',
      help: 'HTTP requests answered, by method, matched route pattern and status.',
      labelNames: httpLabels,
      registers: [registry],
    }),
    httpRequestDuration: new Histogram({
      name: 'offplan_http_request_duration_seconds',
      help: 'Time from a request reaching the app until its answer is ready (a streamed body may go on after), by method, route pattern and status.',
      labelNames: httpLabels,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    webhookDeliveries: new Counter({
      name: 'offplan_webhook_deliveries_total',
      help: 'CRM webhook delivery attempts by outcome: delivered, retrying (failed, another attempt is scheduled) or gave_up (failed, no attempt left or the destination is gone or disabled).',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    enquiriesAccepted: new Counter({
      name: 'offplan_enquiries_accepted_total',
      help: 'Enquiries the intake answered as received: created as a new lead, merged into a recent one, or ignored (a robot filled the honeypot).',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({
      name: 'offplan_rate_limit_refusals_total',
      help: 'Calls refused with 429 by a rate limit, by limit.',
      labelNames: ['limit'] as const,
      registers: [registry],
    }),
    /** The Prometheus text of the process's and this app's metrics, collected now. */
    exposition: async () => Registry.merge([processMetrics(), registry]).metrics(),
    contentType: registry.contentType,
  };
  if (sources.pool) poolGauges(registry, sources.pool);
  if (sources.readQueues) queueGauges(registry, sources.readQueues, sources.logger);
  return metrics;
}

/**
 * The `limit` label of a throttle key: its name before the first ':' (`feedback:{user}` → `feedback`).
 * Keys carry user ids and addresses after it, which must never become label values.
 */
export function limitNameOf(key: string): string {
  const end = key.indexOf(':');
  return end === -1 ? key : key.slice(0, end);
}
