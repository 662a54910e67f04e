/**
 * GET /api/user-projects benchmark (issue 22 part 5): on the projects benchmark's data (the demo data
 * with 100,000 listings), times the account state the web reloads on every page through the HTTP layer
 * (the whole app in-process) for the demo developer, and prints p50/p95.
 *
 *   (in apps/api) npx tsx scripts/bench-user-projects.ts [--projects 100000 --runs 200 --keep]
 *   npx tsx scripts/bench-user-projects.ts --url postgres://root@127.0.0.1:5432/bench_user_projects
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/postgres (default) — a scratch database
 *   `bench_user_projects` is created there and dropped afterwards (kept with --keep, for --url runs).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD } from '@offplan/shared';
import { eq, like, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { rateLimit, throttleCounters } from '../src/db/schema/index.ts';
import { seedDemoData } from '../src/db/seed/demo-data.ts';
import { parseSettings } from '../src/env.ts';
import { buildApp } from '../src/test/test-app.ts';

const { values } = parseArgs({
  options: {
    projects: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '50' },
    /** An already seeded PostgreSQL database to use as it is (not created, seeded or dropped). */
    url: { type: 'string' },
    /** Leave the scratch database in place (to measure it again with --url). */
    keep: { type: 'boolean', default: false },
  },
});
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const BENCH_DB = 'bench_user_projects';
const USER_EMAIL = 'developer@demo.offplan.test';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The --url database as it is, or a scratch one seeded with the projects benchmark's data. */
async function openBenchDatabase(): Promise<Database> {
  if (values.url) {
    const database = await openDatabase({ databaseUrl: values.url });
    await migrateDatabase(database);
    return database;
  }
  await onServer(`drop database if exists ${BENCH_DB} with (force)`);
  await onServer(`create database ${BENCH_DB}`);
  const url = new URL(serverUrl);
  url.pathname = `/${BENCH_DB}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await migrateDatabase(database);
  const summary = await seedDemoData(database.db, { projects: Number(values.projects) });
  if (summary.skipped) throw new Error('the scratch database was not empty');
  await database.db.execute(sql`analyze`);
  console.log(`seeded ${summary.projects} projects into ${url}`);
  return database;
}

async function signedInApp(database: Database, dataDir: string) {
  const settings = parseSettings({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BASE_URL: 'http://localhost:3000',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
  });
  const { app, deps } = await buildApp(database, settings);
  const headers = { origin: settings.baseUrl, 'content-type': 'application/json' };
  await database.db.delete(throttleCounters).where(eq(throttleCounters.key, `sign-in:${USER_EMAIL}`));
  await database.db.delete(rateLimit).where(like(rateLimit.key, '%/sign-in/email'));
  const signIn = await app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: USER_EMAIL, password: DEMO_PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return {
    app,
    stop: () => deps.queue.stop({ graceful: false, timeout: 1000 }),
    headers: { ...headers, cookie },
  };
}

const database = await openBenchDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), 'offplan-bench-'));
const { app, stop, headers } = await signedInApp(database, dataDir);
try {
  const call = async () => {
    const response = await app.request('/api/user-projects', { headers });
    if (response.status !== 200) throw new Error(`user-projects: ${response.status}`);
    return (await response.json()) as { output: { projectIds: number[]; recommendedProjectIds: number[] } };
  };
  const first = await call();
  console.log(
    `${USER_EMAIL}: ${first.output.projectIds.length} projects, ${first.output.recommendedProjectIds.length} recommended`,
  );
  for (let i = 0; i < Number(values.warmup); i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < Number(values.runs); i++) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  console.log(
    `GET /api/user-projects, ${samples.length} calls: p50 ${percentile(samples, 50).toFixed(2)} ms, p95 ${percentile(samples, 95).toFixed(2)} ms`,
  );
} finally {
  await stop();
  await database.close();
  if (!values.url && !values.keep) await onServer(`drop database if exists ${BENCH_DB} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
