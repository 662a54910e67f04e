import { type CreateAppOptions, createApp } from './app.ts';
import { createAuth } from './auth.ts';
import type { Database } from './db/client.ts';
import { defaultMigrationsFolder } from './db/migrate.ts';
import type { Settings } from './env.ts';
import { startJobQueue } from './jobs/queue.ts';
import { startWorkers } from './jobs/workers.ts';
import { resolveAuthSecret } from './lib/auth-secret.ts';
import type { AppDeps } from './lib/context.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { createMetrics } from './lib/metrics.ts';
import { createOutbox } from './lib/outbox.ts';
import { listQueues } from './modules/scheduled-tasks/scheduled-tasks.repository.ts';

export type ComposeOptions = {
  /** The process's logger when it already has one (the server logs while it opens the database). */
  logger?: Logger;
} & CreateAppOptions;

/**
 * The one composition of the portal over an opened, migrated database: job queue and outbox, workers,
 * auth and the Hono app. The server and the API tests both build their app here, so a test runs what
 * production runs. `close` stops what it started (the queue and its workers); the database is the caller's.
 */
export async function composeApp(settings: Settings, database: Database, options: ComposeOptions = {}) {
  const logger = options.logger ?? createLogger(settings.logLevel);
  const queue = await startJobQueue(database, { logger });
  const outbox = createOutbox(database.db, queue);
  // The gauges read the pool and pg-boss's queue counts when scraped (the scheduled-tasks page's read).
  const metrics = createMetrics({
    logger,
    ...(database.pool && { pool: database.pool }),
    readQueues: () => listQueues(queue),
  });
  await startWorkers(queue, { db: database.db, logger, settings, outbox, metrics });
  const auth = createAuth({
    db: database.db,
    baseUrl: settings.baseUrl,
    secret: resolveAuthSecret(settings.authSecret, settings.dataDir),
    productName: settings.productName,
    emailFrom: settings.emailFrom,
    trustedOrigins: settings.trustedOrigins,
    logger,
    outbox,
    signInLimitPerAccount: settings.signInLimitPerAccount,
  });
  const deps: AppDeps = {
    settings,
    database,
    auth,
    logger,
    queue,
    outbox,
    metrics,
    migrationsFolder: defaultMigrationsFolder,
    lifecycle: { draining: false },
  };
  const { logger: _logger, ...appOptions } = options;
  const app = createApp(deps, appOptions);
  const close = ({ graceful = true, timeout = 2000 }: { graceful?: boolean; timeout?: number } = {}) =>
    queue.stop({ graceful, timeout });
  return { app, deps, close };
}
