import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '../app.ts';
import { createAuth } from '../auth.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { defaultMigrationsFolder, migrateDatabase } from '../db/migrate.ts';
import { throttleCounters } from '../db/schema/index.ts';
import { parseSettings, type Settings } from '../env.ts';
import { startJobQueue } from '../jobs/queue.ts';
import { startWorkers } from '../jobs/workers.ts';
import { createLogger } from '../lib/logger.ts';
import { createOutbox } from '../lib/outbox.ts';

export const TEST_BASE_URL = 'http://localhost:3000';
export const TEST_PASSWORD = 'correct horse battery staple';

/** A new, empty database on the TEST_DATABASE_URL server; `drop` removes it. */
export async function createFreshPostgresDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is required for the api-postgres project');
  const name = `offplan_test_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** A fresh, migrated database for one test file: in-memory PGlite, or a new database on TEST_DATABASE_URL. */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB_KIND !== 'postgres') {
    const database = await openDatabase({});
    await migrateDatabase(database);
    return database;
  }
  const fresh = await createFreshPostgresDatabase();
  const database = await openDatabase({ databaseUrl: fresh.url });
  await migrateDatabase(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await fresh.drop();
    },
  };
}

/** The app as one process would compose it, over a given database (tests can make two). */
export async function buildApp(database: Database, settings: Settings) {
  const logger = createLogger(settings.logLevel);
  const queue = await startJobQueue(database, { logger });
  const outbox = createOutbox(database.db, queue);
  await startWorkers(queue, { db: database.db, logger, settings });
  const auth = createAuth({
    db: database.db,
    baseUrl: settings.baseUrl,
    secret: settings.authSecret!,
    productName: settings.productName,
    trustedOrigins: settings.trustedOrigins,
    logger,
    outbox,
    signInLimitPerAccount: settings.signInLimitPerAccount,
  });
  const deps = {
    settings,
    database,
    auth,
    logger,
    queue,
    outbox,
    migrationsFolder: defaultMigrationsFolder,
    lifecycle: { draining: false },
  };
  return { app: createApp(deps, { serveWeb: false }), auth, deps };
}

export async function createTestApp(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'offplan-test-'));
  const settings = parseSettings({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BASE_URL: TEST_BASE_URL,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    // Each request below says which client address it comes from, so rate limits stay per test.
    TRUST_PROXY: 'true',
    ...env,
  });
  const database = await openTestDatabase();
  const { app, auth, deps } = await buildApp(database, settings);
  let requestCount = 0;

  /** A request through the whole HTTP stack, from our own origin and (by default) its own client address. */
  const request = (
    pathname: string,
    init: RequestInit & { cookie?: string; ip?: string; json?: unknown } = {},
  ) => {
    const headers = new Headers(init.headers);
    if (!headers.has('origin')) headers.set('origin', TEST_BASE_URL);
    if (init.cookie) headers.set('cookie', init.cookie);
    requestCount += 1;
    headers.set('x-forwarded-for', init.ip ?? `198.51.100.${requestCount % 250}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return app.request(pathname, { ...init, headers, body });
  };

  /** Creates a user with better-auth's own adapter and password hashing (self sign-up is closed). */
  async function createUser(
    fields: {
      email?: string;
      password?: string;
      firstName?: string;
      lastName?: string;
      role?: string;
      emailVerified?: boolean;
    } = {},
  ) {
    const context = await auth.$context;
    const email = fields.email ?? `user-${randomBytes(4).toString('hex')}@example.test`;
    const firstName = fields.firstName ?? 'Test';
    const lastName = fields.lastName ?? 'User';
    const created = await context.internalAdapter.createUser(
      {
        email,
        name: `${firstName} ${lastName}`,
        firstName,
        lastName,
        role: fields.role ?? 'user',
        emailVerified: fields.emailVerified ?? true,
      },
      { method: 'admin' },
    );
    await context.internalAdapter.linkAccount({
      userId: created.id,
      providerId: 'credential',
      accountId: created.id,
      password: await context.password.hash(fields.password ?? TEST_PASSWORD),
    });
    return { id: created.id, email };
  }

  /** Signs in through the HTTP API; returns the session cookie to send with later requests. */
  async function signIn(email: string, password = TEST_PASSWORD, ip?: string) {
    const response = await request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password },
      ...(ip ? { ip } : {}),
    });
    if (response.status !== 200)
      throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    // Tests sign the same account in many times a minute; the per-account limit has its own tests.
    await database.db
      .delete(throttleCounters)
      .where(eq(throttleCounters.key, `sign-in:${email.toLowerCase()}`));
    const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
    return cookies.join('; ');
  }

  return {
    app,
    auth,
    database,
    db: database.db,
    settings,
    request,
    createUser,
    signIn,
    outbox: deps.outbox,
    queue: deps.queue,
    close: async () => {
      await deps.queue.stop({ graceful: false, timeout: 1000 });
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
