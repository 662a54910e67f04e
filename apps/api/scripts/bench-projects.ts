import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type ProjectSearchRequestInput, projectSearchRequestSchema } from '@offplan/shared';
import { fillPlaceholders, sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/db/seed/demo-data.ts';
import { loadViewer } from '../src/modules/projects/project-access.ts';
import { buildSearchQueries, searchPlan } from '../src/modules/projects/projects.repository.ts';
import { createScratchPostgresDatabase } from '../src/test/test-app.ts';
import { signedInBenchApp, BENCH_USER_EMAIL as USER_EMAIL } from './bench-app.ts';

const { values } = parseArgs({
  options: {
    projects: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    only: { type: 'string' },
    /** An already seeded PostgreSQL database to use as it is (not created, seeded or dropped). */
    url: { type: 'string' },
  },
});
const projectCount = Number(values.projects);
const runs = Number(values.runs);
const warmup = Number(values.warmup);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const BENCH_DB = 'bench_projects';

type Search = { name: string; body: ProjectSearchRequestInput };

/** Five searches the portal makes all day. The dashboard one is filled in with the user's own ids. */
function searches(ownIds: number[], suburb: string): Search[] {
  return [
    { name: 'marketplace, default sort (updatedAt desc), page 1', body: { params: {} } },
    {
      name: 'status + stage lists, sort title asc, page 3',
      body: {
        params: {
          salesStatus: ['SELLING_NOW', 'REGISTRATIONS_OF_INTEREST'],
          stage: ['PRECONSTRUCTION', 'COMMENCED'],
          sortBy: 'title',
          sortOrder: 'asc',
          pagination: { perPage: 20, page: 3 },
        },
      },
    },
    { name: `suburb "${suburb}"`, body: { params: { suburb } } },
    { name: 'title contains "park"', body: { params: { title: 'park' } } },
    {
      name: `dashboard: own project_ids (${ownIds.length}), limit 1000, perPage 100`,
      body: { limit: 1000, params: { project_ids: ownIds, pagination: { perPage: 100 } } },
    },
  ];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};
const ms = (value: number) => value.toFixed(2).padStart(7);

async function time(fn: () => Promise<unknown>) {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return stats(samples);
}

/** The database to measure: PGlite, the --url database as it is, or a scratch one on the server. */
async function openBenchDatabase(
  kind: 'pglite' | 'postgres',
): Promise<{ database: Database; dropScratch?: () => Promise<void> }> {
  if (kind === 'pglite') return { database: await openDatabase({}) };
  if (values.url) return { database: await openDatabase({ databaseUrl: values.url }) };
  const scratch = await createScratchPostgresDatabase(serverUrl, BENCH_DB);
  return { database: await openDatabase({ databaseUrl: scratch.url }), dropScratch: scratch.drop };
}

/** Migrated and analysed; seeded with the demo data unless it is the --url database. */
async function prepareBenchData(kind: 'pglite' | 'postgres', database: Database) {
  await migrateDatabase(database);
  if (kind === 'postgres' && values.url) {
    await database.db.execute(sql`analyze`);
    console.log(`\n== ${kind}: using ${values.url} as it is`);
    return;
  }
  const seedStarted = performance.now();
  const summary = await seedDemoData(database.db, { projects: projectCount });
  if (summary.skipped) throw new Error('the scratch database was not empty');
  await database.db.execute(sql`analyze`);
  console.log(
    `\n== ${kind}: seeded ${summary.projects.toLocaleString('en-AU')} projects (${summary.rows.toLocaleString('en-AU')} rows) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );
}

async function runOn(kind: 'pglite' | 'postgres') {
  const { database, dropScratch } = await openBenchDatabase(kind);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'offplan-bench-'));
  let stop: (() => Promise<void>) | undefined;
  try {
    await prepareBenchData(kind, database);

    const signedIn = await signedInBenchApp(database, dataDir);
    stop = signedIn.stop;
    const { app } = signedIn;
    const { cookie, ...headers } = signedIn.headers;
    const state = (await (
      await app.request('/api/user-projects', { headers: { ...headers, cookie } })
    ).json()) as {
      output: { projectIds: number[]; recommendedProjectIds: number[]; projectRequestsIds: number[] };
    };
    console.log(
      `   ${USER_EMAIL}: ${state.output.projectIds.length} projects, ${state.output.recommendedProjectIds.length} recommended, ${state.output.projectRequestsIds.length} pending`,
    );
    const suburbRow = (await database.db.execute(
      sql`select suburb from projects group by suburb order by count(*) desc limit 1`,
    )) as unknown as { rows: { suburb: string }[] };
    const suburb = suburbRow.rows[0]!.suburb;

    const [userRow] = (
      (await database.db.execute(
        sql`select id, role from "user" where email = ${USER_EMAIL}`,
      )) as unknown as {
        rows: { id: string; role: string | null }[];
      }
    ).rows;
    const viewer = await loadViewer(database.db, userRow!);

    // Raw driver: the statements run as they are, without drizzle's mapping; on PostgreSQL as named
    // statements, as the API prepares them.
    const raw = async (query: { name: string; sql: string; params: unknown[] }) => {
      if (database.pglite) await database.pglite.query(query.sql, query.params);
      else await database.pool!.query({ name: query.name, text: query.sql, values: query.params });
    };

    console.log(
      `   ${'search'.padEnd(58)} ${'API p50'.padStart(7)} ${'API p95'.padStart(7)} ${'DB p50'.padStart(7)} ${'DB p95'.padStart(7)}  ratio p50/p95`,
    );
    const results: { api: { p50: number; p95: number }; db: { p50: number; p95: number } }[] = [];
    // Settle first: the seed leaves a large heap to collect and cold caches, and the request path runs
    // unoptimised until V8 has seen it a few hundred times (a server does in its first seconds). None of
    // that is a search's cost: 100 rounds of the five searches before any is timed.
    (globalThis as { gc?: () => void }).gc?.();
    for (let round = 0; round < 100; round++) {
      for (const search of searches(state.output.projectIds, suburb)) {
        await app.request('/api/projects/search', {
          method: 'POST',
          headers: { ...headers, cookie },
          body: JSON.stringify(search.body),
        });
      }
    }
    for (const search of searches(state.output.projectIds, suburb)) {
      const body = JSON.stringify(search.body);
      // As a browser sends it: with its length (without one, the body-size limit has to stream the body).
      const requestHeaders = { ...headers, cookie, 'content-length': String(Buffer.byteLength(body)) };
      const api = await time(async () => {
        const response = await app.request('/api/projects/search', {
          method: 'POST',
          headers: requestHeaders,
          body,
        });
        if (response.status !== 200)
          throw new Error(`${search.name}: ${response.status} ${await response.text()}`);
        // Read to its last byte: what the API spends. Parsing the JSON is the client's work.
        await response.text();
      });
      // The same statements the API prepares, with their placeholders filled in.
      const plan = searchPlan(viewer, projectSearchRequestSchema.parse(search.body))!;
      const queries = buildSearchQueries(database.db, plan.shape);
      const statements = [queries.count, ...(queries.page ? [queries.page] : [])].map((query, i) => {
        const built = query.toSQL();
        const name = `bench_${results.length}_${i}`;
        return { name, sql: built.sql, params: fillPlaceholders(built.params, plan.values) };
      });
      const db = await time(() => Promise.all(statements.map(raw)));
      results.push({ api, db });
      console.log(
        `   ${search.name.padEnd(58)} ${ms(api.p50)} ${ms(api.p95)} ${ms(db.p50)} ${ms(db.p95)}  ${(api.p50 / db.p50).toFixed(2)} / ${(api.p95 / db.p95).toFixed(2)}`,
      );
    }
    console.log(
      `   load average now ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    const target = kind === 'postgres' ? 30 : 60;
    const worstP95 = Math.max(...results.map((r) => r.api.p95));
    const worstRatio = Math.max(...results.map((r) => r.api.p50 / r.db.p50));
    console.log(
      `   worst API p95 ${worstP95.toFixed(2)} ms (target ≤ ${target}: ${worstP95 <= target ? 'met' : 'MISSED'}); worst API/DB p50 ratio ${worstRatio.toFixed(2)} (target ≤ 2: ${worstRatio <= 2 ? 'met' : 'MISSED'})`,
    );
    return worstP95 <= target && worstRatio <= 2;
  } finally {
    await stop?.();
    await database.close();
    await dropScratch?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} on ${cpus().length} CPUs`,
);
console.log(
  `project search benchmark: ${projectCount.toLocaleString('en-AU')} projects, ${runs} runs after ${warmup} warm-up`,
);
let ok = true;
for (const kind of ['pglite', 'postgres'] as const) {
  if (values.only && values.only !== kind) continue;
  ok = (await runOn(kind)) && ok;
}
process.exit(ok ? 0 : 1);
