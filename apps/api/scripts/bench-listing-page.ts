/**
 * Times the public listing page /{prefix}/{slug}: first render (cache miss) and from the in-process
 * cache (hit), through the whole app stack (middlewares included, no network).
 *   npm run bench:listing-page -- [--projects 200] [--requests 5000]
 * Issue 5 target: from cache, p95 under 5 ms.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { projects } from '../src/db/schema/index.ts';
import { seedDemoData } from '../src/db/seed/demo-data.ts';
import { parseSettings } from '../src/env.ts';
import { buildApp } from '../src/test/test-app.ts';

const { values } = parseArgs({
  options: {
    projects: { type: 'string', default: '200' },
    requests: { type: 'string', default: '5000' },
  },
});
const projectCount = Number(values.projects);
const requests = Number(values.requests);

const percentile = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const report = (label: string, times: number[]) =>
  console.log(
    `${label.padEnd(22)} n=${String(times.length).padStart(5)}  p50 ${percentile(times, 50).toFixed(3)} ms  p95 ${percentile(times, 95).toFixed(3)} ms  p99 ${percentile(times, 99).toFixed(3)} ms`,
  );

const dataDir = mkdtempSync(path.join(tmpdir(), 'offplan-bench-'));
const database = await openDatabase({});
try {
  await migrateDatabase(database);
  await seedDemoData(database.db, { projects: projectCount });
  const settings = parseSettings({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
  });
  const { app, deps } = await buildApp(database, settings);
  const paths = (
    await database.db
      .select({ prefix: projects.prefix, slug: projects.slug })
      .from(projects)
      .where(eq(projects.salesStatus, 'SELLING_NOW'))
  ).map((row) => `/${row.prefix}/${row.slug}`);
  if (!paths.length) throw new Error('no selling listings in the demo data');

  const misses: number[] = [];
  for (const pagePath of paths) {
    const started = performance.now();
    const response = await app.request(pagePath);
    await response.text();
    misses.push(performance.now() - started);
    if (response.headers.get('x-cache') !== 'MISS') throw new Error(`expected a miss for ${pagePath}`);
  }
  const hits: number[] = [];
  for (let i = 0; i < requests; i++) {
    const pagePath = paths[i % paths.length]!;
    const started = performance.now();
    const response = await app.request(pagePath);
    await response.text();
    hits.push(performance.now() - started);
    if (response.headers.get('x-cache') !== 'HIT') throw new Error(`expected a hit for ${pagePath}`);
  }
  console.log(`public listing page, ${paths.length} selling listings of ${projectCount} demo projects`);
  report('render (cache miss)', misses);
  report('from cache (hit)', hits);
  const p95 = percentile(hits, 95);
  console.log(
    p95 < 5 ? `OK: cached p95 ${p95.toFixed(3)} ms < 5 ms` : `SLOW: cached p95 ${p95.toFixed(3)} ms ≥ 5 ms`,
  );
  await deps.queue.stop({ graceful: false, timeout: 1000 });
  if (p95 >= 5) process.exitCode = 1;
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
