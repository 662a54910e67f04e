import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/db/seed/demo-data.ts';
import { createScratchPostgresDatabase } from '../src/test/test-app.ts';
import { signedInBenchApp, BENCH_USER_EMAIL as USER_EMAIL } from './bench-app.ts';

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

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The --url database as it is, or a scratch one seeded with the projects benchmark's data. */
async function openBenchDatabase(): Promise<{ database: Database; dropScratch?: () => Promise<void> }> {
  if (values.url) {
    const database = await openDatabase({ databaseUrl: values.url });
    await migrateDatabase(database);
    return { database };
  }
  const { url, drop } = await createScratchPostgresDatabase(serverUrl, BENCH_DB);
  const database = await openDatabase({ databaseUrl: url });
  await migrateDatabase(database);
  const summary = await seedDemoData(database.db, { projects: Number(values.projects) });
  if (summary.skipped) throw new Error('the scratch database was not empty');
  await database.db.execute(sql`analyze`);
  console.log(`seeded ${summary.projects} projects into ${url}`);
  return { database, dropScratch: drop };
}

const { database, dropScratch } = await openBenchDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), 'offplan-bench-'));
const { app, stop, headers } = await signedInBenchApp(database, dataDir);
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
  if (!values.keep) await dropScratch?.();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
