import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testClient } from 'hono/testing';
import pg from 'pg';
import type { ApiRoutes } from '../api-routes.ts';
import { composeApp } from '../compose.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { parseSettings, type Settings } from '../env.ts';
import type { StaticWebFolders } from '../lib/static-web.ts';
import { signIn as signInWithHeaders, TEST_PASSWORD } from './sessions.ts';

export { TEST_PASSWORD } from './sessions.ts';

export const TEST_BASE_URL = 'http://localhost:3000';

/**
 * A new, empty database called `name` on the PostgreSQL server at `serverUrl` (one of that name left
 * by an earlier run is dropped first); `drop` removes it. The tests and the benchmarks make theirs here.
 */
export async function createScratchPostgresDatabase(serverUrl: string, name: string, template?: string) {
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** A new, empty database on the TEST_DATABASE_URL server; `drop` removes it. */
export async function createFreshPostgresDatabase(template?: string) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is required for the api-postgres project');
  return createScratchPostgresDatabase(serverUrl, `offplan_test_${randomBytes(6).toString('hex')}`, template);
}

/**
 * The migrations' fingerprint: a template made from other migrations is never used. Templates are kept
 * between runs (in the system's temporary folder, and as databases on the test server), one per version.
 */
const migrationsFolder = path.resolve(import.meta.dirname, '../db/migrations');
function migrationsFingerprint() {
  const hash = createHash('sha256');
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(migrationsFolder, file);
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * A dump of a migrated embedded database, made once per version of the migrations and reused by every
 * test file after: a new PGlite costs an initdb and every migration (5–10 s a file on a busy machine),
 * loading the dump a fraction of that. Written under another name first, so a reader never sees half.
 */
async function pgliteTemplate(): Promise<Blob> {
  const fingerprint = migrationsFingerprint();
  const file = path.join(tmpdir(), `offplan-test-template-${fingerprint}.tar`);
  if (!existsSync(file)) {
    for (const name of readdirSync(tmpdir())) {
      if (name.startsWith('offplan-test-template-') && !name.includes(fingerprint)) {
        rmSync(path.join(tmpdir(), name), { force: true });
      }
    }
    const database = await openDatabase({});
    await migrateDatabase(database);
    const dump = await database.pglite!.dumpDataDir('none');
    await database.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

/**
 * The migrated template database on the test server, made once per version of the migrations (under an
 * advisory lock, as workers start together) and copied by `create database … template` for each file.
 */
async function postgresTemplate(serverUrl: string) {
  const name = `offplan_template_${migrationsFingerprint()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length === 0) {
      const stale = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like 'offplan\\_template\\_%'",
      );
      for (const { datname } of stale.rows) await admin.query(`drop database ${datname} with (force)`);
      const building = await createScratchPostgresDatabase(serverUrl, `${name}_building`);
      const database = await openDatabase({ databaseUrl: building.url });
      await migrateDatabase(database);
      await database.close();
      await admin.query(`alter database ${name}_building rename to ${name}`);
    }
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
  } finally {
    await admin.end();
  }
  return name;
}

/** A fresh, migrated database for one test file: in-memory PGlite, or a new database on TEST_DATABASE_URL. */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB_KIND !== 'postgres') {
    const database = await openDatabase({ pgliteStartFrom: await pgliteTemplate() });
    await migrateDatabase(database);
    return database;
  }
  const template = await postgresTemplate(process.env.TEST_DATABASE_URL!);
  const fresh = await createFreshPostgresDatabase(template);
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

/** The app as one process would compose it (`composeApp`), over a given database (tests can make two). */
export async function buildApp(database: Database, settings: Settings) {
  const { app, deps } = await composeApp(settings, database, { serveWeb: false });
  return { app, auth: deps.auth, deps };
}

/**
 * `web` serves a web build from the given folders as the server does (decision 048's pages), instead
 * of no web app at all.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { web?: StaticWebFolders } = {},
) {
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
  const {
    app,
    deps,
    close: stopJobs,
  } = await composeApp(settings, database, options.web ? { webFolders: options.web } : { serveWeb: false });
  const { auth } = deps;
  let requestCount = 0;

  /** What every test request carries: our own origin, and its own client address (rate limits stay per test). */
  const defaultHeaders = (ip?: string) => {
    requestCount += 1;
    return { origin: TEST_BASE_URL, 'x-forwarded-for': ip ?? `198.51.100.${requestCount % 250}` };
  };

  /** A request through the whole HTTP stack, from our own origin and (by default) its own client address. */
  const request = async (
    pathname: string,
    init: RequestInit & { cookie?: string; ip?: string; json?: unknown } = {},
  ): Promise<Response> => {
    const headers = new Headers(init.headers);
    const defaults = defaultHeaders(init.ip);
    if (!headers.has('origin')) headers.set('origin', defaults.origin);
    if (init.cookie) headers.set('cookie', init.cookie);
    headers.set('x-forwarded-for', defaults['x-forwarded-for']);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return app.request(pathname, { ...init, headers, body });
  };

  /**
   * The typed client of the API (Hono's `testClient`): paths, parameters, bodies and answers typed from the
   * routes' contracts, e.g. `await t.client.api.site.$get({}, { headers: await signIn(t, email) })`.
   * Same stack and default headers as `request`; headers given to a call win.
   */
  const client = testClient(app as unknown as ApiRoutes, undefined, undefined, {
    headers: () => defaultHeaders(),
  });

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
  const signIn = async (email: string, password = TEST_PASSWORD, ip?: string): Promise<string> =>
    (await signInWithHeaders({ request, db: database.db }, email, password, ip)).cookie;

  return {
    app,
    auth,
    database,
    db: database.db,
    settings,
    request,
    client,
    createUser,
    signIn,
    outbox: deps.outbox,
    queue: deps.queue,
    metrics: deps.metrics,
    close: async () => {
      await stopJobs({ graceful: false, timeout: 1000 });
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
