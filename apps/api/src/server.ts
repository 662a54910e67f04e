import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { DEMO_PASSWORD } from '@offplan/shared';
import { edgeRoutes } from './app.ts';
import { composeApp } from './compose.ts';
import { type Database, openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { DEMO_ACCOUNTS, seedDemoData } from './db/seed/demo-data.ts';
import type { Settings } from './env.ts';
import { withEdgeAnswers } from './lib/edge.ts';
import { createLogger, type Logger } from './lib/logger.ts';

/** How long an idle keep-alive connection stays open. */
const KEEP_ALIVE_MS = 65_000;

/** How long shutdown waits for requests in flight before closing what is left. */
const SHUTDOWN_GRACE_MS = 4000;

/** Opens and migrates the database, fills demo data when asked, and listens. */
export async function startServer(settings: Settings) {
  const started = performance.now();
  const logger = createLogger(settings.logLevel);
  const database = await openDatabase({
    databaseUrl: settings.databaseUrl,
    directDatabaseUrl: settings.directDatabaseUrl,
    dataDir: settings.dataDir,
    onConnectionError: (error) =>
      logger.warn({ err: error }, 'database connection lost; the pool reconnects'),
  });
  await migrateDatabase(database);
  const { app, deps, close: stopJobs } = await composeApp(settings, database, { logger });
  if (settings.seedDemo) await seedDemo(database, logger, settings.baseUrl);
  // The edge first (lib/edge.ts): what the process holds in memory is answered before the app.
  const edge = edgeRoutes(deps, (await deps.auth.$context).secret);
  const server = createServer(
    withEdgeAnswers(deps, edge, getRequestListener(app.fetch, { hostname: settings.host })),
  );
  await new Promise<void>((resolve) => server.listen(settings.port, settings.host, resolve));
  // Keep idle connections longer than clients and load balancers do (60 s is the common idle timeout):
  // with Node's default 5 s, a client reusing a connection just as the server closes it gets ECONNRESET
  // (seen in the browser tests' API polling). Shutdown closes idle connections itself.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  logger.info(
    { url: settings.baseUrl, port, database: database.kind, ms: Math.round(performance.now() - started) },
    'portal ready',
  );
  if (settings.seedDemo) printDemoAccounts(settings);

  // While draining, every answer closes its connection, so a load balancer's kept connections move to
  // the other processes instead of being cut when this one stops listening.
  server.prependListener('request', (_request, response) => {
    if (deps.lifecycle.draining) response.setHeader('connection', 'close');
  });

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      deps.lifecycle.draining = true;
      // Not ready first, still serving: the balancer's health check takes this process out of rotation
      // before it stops accepting (issue 20's rolling restart drops no request).
      if (settings.shutdownDrainMs > 0) {
        logger.info({ ms: settings.shutdownDrainMs }, 'draining: /readyz answers 503, still serving');
        await new Promise((resolve) => setTimeout(resolve, settings.shutdownDrainMs));
      }
      logger.info('shutting down');
      const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      // Keep-alive connections become idle as their requests finish: close them as they do.
      const drain = setInterval(() => server.closeIdleConnections(), 50);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      clearInterval(drain);
      clearTimeout(force);
      await stopJobs({ graceful: true, timeout: 2000 });
      await database.close();
      logger.info('stopped');
    })();
    return closing;
  };
  return { app, server, port, close, logger };
}

/**
 * Fills an empty database with the demo data (SEED_DEMO) and logs what it made. The data is dated up to
 * the moment of the first start, so a developer trying the portal sees this week's leads and reports;
 * tests use the fixed base date (DEMO_BASE_DATE_ISO) and get the same rows every time.
 */
async function seedDemo(database: Database, logger: Logger, baseUrl: string) {
  const summary = await seedDemoData(database.db, { now: new Date(), baseUrl });
  if (!summary.skipped) {
    logger.info(
      { organisations: summary.organisations, projects: summary.projects, users: summary.users },
      'demo data created',
    );
  }
}

function printDemoAccounts({ productName, baseUrl }: Settings) {
  const lines = DEMO_ACCOUNTS.map((account) => `  ${account.email.padEnd(32)} ${account.description}`);
  process.stdout.write(
    `\n${productName} Portal is running at ${baseUrl}\nDemo accounts (password ${DEMO_PASSWORD}):\n${lines.join('\n')}\n\n`,
  );
}
