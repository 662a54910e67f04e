/**
 * The buyer-demands benchmark (issue 19 item 5 Performance):
 * `npm run bench:buyer-demands [-- --rows 1000000 --db postgres|pglite|both --pglite-rows 200000]`.
 * Fills a scratch database with the leads benchmark's data (bench-leads-fill.ts: the demo listings and
 * `--rows` leads over three years), builds buyer_demand_counts from them (the fill writes leads with
 * triggers off, as the demo seed does), then prints p50/p95 of /buyer-demands over one year through the
 * API (in process, as an admin) beside the same report on the database, and the medians of the GROUP
 * BY over leads the rollup replaces. Target: API p95 <= 200 ms over 1,000,000 leads on PostgreSQL.
 * Not part of CI: a machine's figures vary run to run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  BUYER_DEMAND_PATHS,
  type BuyerDemandQuery,
  buyerDemandQuerySchema,
  DEMO_PASSWORD,
} from '@offplan/shared';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../src/db/client.ts';
import { rebuildEnquiryDemand } from '../src/db/seed/demo-buyer-demand.ts';
import { buyerDemandReport } from '../src/modules/buyer-demands/buyer-demand-report.ts';
import { createScratchPostgresDatabase } from '../src/test/test-app.ts';
import { signedInBenchApp } from './bench-app.ts';
import { fillBenchData } from './bench-leads-fill.ts';
import { measureApiAgainstSql, ms, percentile } from './bench-measure.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    'pglite-rows': { type: 'string', default: '200000' },
    /** postgres, pglite or both. */
    db: { type: 'string', default: 'both' },
    runs: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '5' },
  },
});
const kinds = values.db === 'both' ? (['postgres', 'pglite'] as const) : [values.db as 'postgres' | 'pglite'];
const rowsFor = (kind: 'postgres' | 'pglite') =>
  Number(kind === 'postgres' ? values.rows : values['pglite-rows']);
if (kinds.some((kind) => (kind !== 'postgres' && kind !== 'pglite') || !(rowsFor(kind) >= 1000))) {
  console.error(
    'usage: bench-buyer-demands.ts [--rows N>=1000] [--pglite-rows N] [--db postgres|pglite|both]',
  );
  process.exit(2);
}
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN_EMAIL = 'admin@demo.offplan.test';
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function openScratch(kind: 'postgres' | 'pglite') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'offplan-bench-demand-'));
  if (kind === 'pglite') return { database: await openDatabase({ dataDir }), dataDir, drop: async () => {} };
  const scratch = await createScratchPostgresDatabase(serverUrl, 'bench_buyer_demands');
  return { database: await openDatabase({ databaseUrl: scratch.url }), dataDir, drop: scratch.drop };
}

/** One year up to today (Sydney), as the page's "Last 12 months". */
function lastYear(): Pick<BuyerDemandQuery, 'startDate' | 'endDate'> {
  const endDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  const start = new Date(`${Number(endDate.slice(0, 4)) - 1}${endDate.slice(4)}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() + 1);
  return { startDate: start.toISOString().slice(0, 10), endDate };
}

/** Medians of the GROUP BY over leads that the rollup replaces (one year by suburb). */
async function timeGroupByOverLeads(database: Database, range: ReturnType<typeof lastYear>) {
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await database.db.execute(sql`
      select p.state, lower(p.suburb), count(*) from leads l join projects p on p.id = l.project_id
      where l.created_at >= ${range.startDate}::date and l.created_at < ${range.endDate}::date + 1
      group by 1, 2`);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  console.log(
    `   the same year by suburb as a GROUP BY over leads: median ${ms(percentile(samples, 50))} ms`,
  );
}

async function adminApp(database: Database, dataDir: string) {
  const { app, stop, headers } = await signedInBenchApp(database, dataDir);
  const signIn = await app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { origin: headers.origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: DEMO_PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`admin sign-in failed: ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { app, stop, headers: { origin: headers.origin, cookie } };
}

async function runOn(kind: 'postgres' | 'pglite') {
  const rows = rowsFor(kind);
  console.log(`\n== ${kind}: ${rows.toLocaleString('en-AU')} leads`);
  const scratch = await openScratch(kind);
  try {
    await fillBenchData(scratch.database, rows, console.log);
    let started = performance.now();
    await rebuildEnquiryDemand(scratch.database.db);
    // As autovacuum leaves it: the visibility map set, so reports read the covering index alone.
    await scratch.database.db.execute(sql`vacuum (analyze) buyer_demand_counts`);
    const [counts] = rowsOf<{ days: number; searches: number }>(
      await scratch.database.db.execute(
        sql`select (select count(*) from buyer_demand_counts)::int as days, (select count(*) from marketplace_searches)::int as searches`,
      ),
    );
    console.log(
      `   buyer_demand_counts from the leads: ${counts!.days.toLocaleString('en-AU')} rows (with ${counts!.searches.toLocaleString('en-AU')} demo searches) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const range = lastYear();
    await timeGroupByOverLeads(scratch.database, range);
    const { app, stop, headers } = await adminApp(scratch.database, scratch.dataDir);
    try {
      const queries = (['SUBURB', 'BEDROOMS', 'BUDGET_BAND', 'STATE', 'BUYER_TYPE'] as const).map(
        (groupBy) => {
          const query = buyerDemandQuerySchema.parse({ ...range, groupBy });
          const search = new URLSearchParams({ ...range, groupBy });
          return {
            name: `one year by ${groupBy.toLowerCase().replace('_', ' ')}`,
            api: async () => {
              const response = await app.request(`${BUYER_DEMAND_PATHS.buyerDemands}?${search}`, { headers });
              if (response.status !== 200) throw new Error(`${groupBy}: ${response.status}`);
              await response.json();
            },
            bare: () => buyerDemandReport(scratch.database.db, query),
          };
        },
      );
      started = performance.now();
      console.log('\n   /buyer-demands over one year, both sources (ms)');
      const results = await measureApiAgainstSql(queries, {
        warmup: Number(values.warmup),
        runs: Number(values.runs),
      });
      const worst = Math.max(...results.map((result) => result.apiP95));
      console.log(`   worst API p95 ${ms(worst)} ms (target <= 200 ms): ${worst <= 200 ? 'met' : 'NOT MET'}`);
    } finally {
      await stop();
    }
  } finally {
    await scratch.database.close();
    await scratch.drop();
    rmSync(scratch.dataDir, { recursive: true, force: true });
  }
}

console.log(
  `bench:buyer-demands on ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(2)}. Figures move by 10-30% between runs on a shared machine.`,
);
for (const kind of kinds) await runOn(kind);
process.exit(0);
