/**
 * The leads benchmark (issue 16 Performance): `npm run bench:leads [-- --rows 1000000 --db both]`.
 * Fills PostgreSQL (a scratch database on BENCH_DATABASE_URL's server) and PGlite with `--rows` leads,
 * then prints, for each:
 *   1. p50/p95 of the leads page's queries through the API next to the same repository call on the
 *      database (what the API adds: session, permissions, validation, JSON), and their ratio;
 *   2. the CSV export of every lead from the real server process: time to first byte, total, and the
 *      growth of the server's resident memory (sampled every 50 ms from /proc);
 *   3. enquiries through HTTP on that one process (autocannon): enquiries/s, p95, and that every one
 *      answered 201 is in the database.
 * Targets: p95 <= 50 ms on PostgreSQL and API <= 1.5x SQL; export first byte <= 1 s and <= 100 MB
 * growth; >= 300 enquiries/s on PostgreSQL. Not part of CI: a machine's figures vary run to run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD, type LeadQueryInput, leadQuerySchema } from '@offplan/shared';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../src/db/client.ts';
import {
  findLeadDetail,
  type LeadReader,
  leadPage,
  leadResponseTimes,
} from '../src/modules/leads/leads.repository.ts';
import { createScratchPostgresDatabase } from '../src/test/test-app.ts';
import { signedInBenchApp } from './bench-app.ts';
import { BENCH_TEAM, fillBenchData } from './bench-leads-fill.ts';
import { benchExport, benchIntake, type ServerProcess, startServerProcess } from './bench-leads-server.ts';
import { type Measured, measureApiAgainstSql } from './bench-measure.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    /** postgres, pglite or both. */
    db: { type: 'string', default: 'both' },
    runs: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '10' },
    /** Seconds of enquiry intake. */
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const rows = Number(values.rows);
const runs = Number(values.runs);
const warmup = Number(values.warmup);
const kinds = values.db === 'both' ? (['postgres', 'pglite'] as const) : [values.db as 'postgres' | 'pglite'];
if (
  !Number.isInteger(rows) ||
  rows < 1000 ||
  kinds.some((kind) => kind !== 'postgres' && kind !== 'pglite')
) {
  console.error(
    'usage: bench-leads.ts [--rows N>=1000] [--db postgres|pglite|both] [--runs N] [--seconds N]',
  );
  process.exit(2);
}
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const BENCH_DB = 'bench_leads';
const ADMIN_EMAIL = 'admin@demo.offplan.test';

/** A scratch database: PGlite in a folder of its own (the server process opens it later), or a fresh one on the server. */
async function openScratch(kind: 'postgres' | 'pglite') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'offplan-bench-leads-'));
  if (kind === 'pglite') {
    return { database: await openDatabase({ dataDir }), dataDir, url: undefined, drop: async () => {} };
  }
  const scratch = await createScratchPostgresDatabase(serverUrl, BENCH_DB);
  return {
    database: await openDatabase({ databaseUrl: scratch.url }),
    dataDir,
    url: scratch.url,
    drop: scratch.drop,
  };
}

/** The API call and the bare SQL of each query, timed alike (bench-measure.ts). */
const measure = (queries: Measured[]) => measureApiAgainstSql(queries, { warmup, runs });

/** What the queries are about: a listing of the developer's with many leads, a recent lead of theirs, dates. */
async function benchSubjects(database: Database) {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const [subject] = rowsOf<{ project_id: number; lead_id: number }>(
    await database.db.execute(
      sql.raw(`select (select project_id from leads where project_id in (select project_id from project_members where user_id = '${BENCH_TEAM[0]}') group by 1 order by count(*) desc limit 1) as project_id,
        (select max(id) from leads where project_id in (select project_id from project_members where user_id = '${BENCH_TEAM[0]}')) as lead_id`),
    ),
  );
  const [open] = rowsOf<{ id: number }>(
    await database.db.execute(
      sql`select id from projects where sales_status = 'SELLING_NOW' and organisation_id is not null order by id limit 1`,
    ),
  );
  const [adminRow] = rowsOf<{ id: string }>(
    await database.db.execute(sql`select id from "user" where email = ${ADMIN_EMAIL}`),
  );
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return { ...subject!, openProjectId: open!.id, adminId: adminRow!.id, from: day(90), to: day(60) };
}

/** The leads page's calls as the developer (a member of 100 listings) and as an admin (/enquiries). */
async function timeQueries(
  database: Database,
  dataDir: string,
  subjects: Awaited<ReturnType<typeof benchSubjects>>,
) {
  const { app, stop, headers } = await signedInBenchApp(database, dataDir);
  try {
    const signIn = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: headers.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: DEMO_PASSWORD }),
    });
    if (signIn.status !== 200) throw new Error(`admin sign-in failed: ${signIn.status}`);
    const adminHeaders = {
      ...headers,
      cookie: signIn.headers
        .getSetCookie()
        .map((value) => value.split(';')[0])
        .join('; '),
    };
    const developer: LeadReader = {
      userId: BENCH_TEAM[0]!,
      isAdmin: false,
      seesContacts: true,
      mayEdit: true,
    };
    const admin: LeadReader = { userId: subjects.adminId, isAdmin: true, seesContacts: true, mayEdit: true };
    const get = (url: string, as: Record<string, string>) => async () => {
      const response = await app.request(url, { headers: as });
      if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };
    const page = (name: string, input: LeadQueryInput, reader = developer): Measured => {
      const search = new URLSearchParams(
        Object.entries(input).map(([key, value]) => [key, String(value)] as [string, string]),
      );
      const query = leadQuerySchema.parse(input);
      return {
        name,
        api: get(`/api/leads?${search}`, reader.isAdmin ? adminHeaders : headers),
        bare: () => leadPage(database.db, reader, query),
      };
    };
    const { sort: _sort, order: _order, ...filter } = leadQuerySchema.parse({});
    await measure([
      page('default page (25 newest)', {}),
      page(`one project (${subjects.project_id})`, { projectIds: String(subjects.project_id) }),
      page('status New or Contacted', { status: 'NEW,CONTACTED' }),
      page('sorted by score', { sort: 'score', order: 'desc' }),
      page(`date range ${subjects.from} to ${subjects.to}`, { from: subjects.from, to: subjects.to }),
      page('page 20', { page: 20 }),
      {
        name: `detail of lead ${subjects.lead_id}`,
        api: get(`/api/leads/${subjects.lead_id}`, headers),
        bare: () => findLeadDetail(database.db, developer, subjects.lead_id),
      },
      {
        name: 'response times (last 30 days)',
        api: get('/api/leads/response-times', headers),
        bare: () => leadResponseTimes(database.db, developer, filter),
      },
      page('admin /enquiries: default page', {}, admin),
      page('admin /enquiries: sorted by score', { sort: 'score', order: 'desc' }, admin),
    ]);
  } finally {
    await stop();
  }
}

async function runOn(kind: 'postgres' | 'pglite') {
  console.log(`\n== ${kind}: ${rows.toLocaleString('en-AU')} leads`);
  const scratch = await openScratch(kind);
  let server: ServerProcess | undefined;
  let database: Database | undefined = scratch.database;
  try {
    const filled = await fillBenchData(scratch.database, rows, console.log);
    console.log(
      `   the developer reads ${filled.readable.toLocaleString('en-AU')} of ${filled.leads.toLocaleString('en-AU')} leads`,
    );
    console.log('\n   1. the leads page, through the API (in process) and the same repository call (ms)');
    const subjects = await benchSubjects(scratch.database);
    await timeQueries(scratch.database, scratch.dataDir, subjects);
    // PGlite is one process's: the server process opens the folder next.
    if (kind === 'pglite') {
      await scratch.database.close();
      database = undefined;
    }
    server = await startServerProcess(
      kind === 'pglite' ? { dataDir: scratch.dataDir } : { databaseUrl: scratch.url! },
    );
    console.log('\n   2. CSV export of every lead, as an admin, from the server process');
    await benchExport(server, ADMIN_EMAIL, rows);
    console.log(
      `\n   3. enquiries through HTTP on one process (${values.connections} connections, ${values.seconds} s)`,
    );
    const acknowledged = await benchIntake(server, {
      seconds: Number(values.seconds),
      connections: Number(values.connections),
      projectId: subjects.openProjectId,
    });
    await server.stop();
    server = undefined;
    database ??= await openDatabase({ dataDir: scratch.dataDir });
    const stored = (await database.db.execute(
      sql`select count(*)::int as n from leads where email in (select jsonb_array_elements_text(${JSON.stringify(acknowledged)}::jsonb))`,
    )) as unknown as { rows: { n: number }[] };
    const found = stored.rows[0]!.n;
    console.log(
      `      every 201 stored: ${found === acknowledged.length ? 'yes' : 'NO'} (${found.toLocaleString('en-AU')} of ${acknowledged.length.toLocaleString('en-AU')} in the database)`,
    );
  } finally {
    await server?.stop();
    await database?.close();
    await scratch.drop();
    rmSync(scratch.dataDir, { recursive: true, force: true });
  }
}

console.log(
  `bench:leads on ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(2)}. Medians of the machine's noise: figures move by 10-30% between runs on a shared machine.`,
);
const started = performance.now();
for (const kind of kinds) await runOn(kind);
console.log(`\ndone in ${((performance.now() - started) / 60_000).toFixed(1)} min`);
process.exit(0);
