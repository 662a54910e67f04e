/**
 * Issue 20's fleet benchmark: three processes of the production build behind HAProxy on a PostgreSQL
 * server of their own (fleet/fleet.ts), driven through the balancer with a bounded load, next to one of
 * those processes alone (called at its own address, no balancer, the other two idle) and, for the
 * cached public listing page, next to a bare `node:http` process sending the same bytes. On a machine
 * of few cores the processes, HAProxy and the load generator share them: the fleet cannot beat one
 * process by much there, and fleet/one shows what the balancer costs. Three targets:
 *   - the cached public listing page `GET /{prefix}/{slug}` (target: the fleet at least 0.6 of bare),
 *     also from the bare server behind an HAProxy of its own: the balancer's ceiling on this machine,
 *     what a fleet of processes that cost nothing would answer,
 *   - the project search `POST /api/projects/search` signed in (the marketplace's default search; the
 *     search bench:projects measures in process),
 *   - the enquiry intake `POST /api/enquiries`, every 201 an enquiry stored.
 * Requests/s and p95 are of the expected answers (200, 201); any other answer is counted and printed
 * with the run (a fast 503 is not a served request). Each figure is the median of `--runs` runs; the
 * runs of a target alternate fleet, one process and bare so drift on a shared machine hits them alike.
 *   npm run build && npm run bench:fleet -- [--seconds 10] [--connections 20] [--runs 3] [--pgbouncer]
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { call, enquiryBody, signIn } from '../fleet/client.ts';
import {
  type Fleet,
  nextClientAddress,
  startBalancer,
  startFleet,
  uniqueSuffix,
  waitFor,
} from '../fleet/fleet.ts';
import {
  countAnswer,
  type Load,
  autocannonLoad as loadWithAutocannon,
  type Measurement,
  median,
  startBareServer,
  summarise,
  warnIfBuildIsOlderThanSource,
} from './bench-load.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    runs: { type: 'string', default: '3' },
    /** PgBouncer (transaction mode) between the processes and PostgreSQL, as issue 20 item 3 runs it. */
    pgbouncer: { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const runs = Number(values.runs);
const PROCESSES = 3;
const BENCH_USER_EMAIL = 'developer@demo.offplan.test';
/** The ratio the issue asks of the fleet's cached page against bare `node:http`. */
const TARGET_FLEET_TO_BARE = 0.6;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** `connections` keep-alive clients for `duration` seconds (bench-load.ts). */
const autocannonLoad = (load: Load, expectedStatus: number, duration = seconds) =>
  loadWithAutocannon(load, expectedStatus, { connections, seconds: duration });

let enquirySequence = 0;
/** The email of every enquiry answered 201 (warm-up included), looked up in the database at the end. */
const acknowledgedEmails: string[] = [];
/**
 * An enquiry not answered in this time counts as a failure, and so does one still unanswered this
 * long after the run's end: the run stays bounded when intake stalls.
 */
const INTAKE_TIMEOUT_MS = 5000;
const INTAKE_GRACE_MS = 2000;
const benchRun = uniqueSuffix();

/**
 * Enquiries from `connections` concurrent senders for `seconds`, each enquiry from a buyer of its own:
 * a fresh form token, email, phone and client address. Not autocannon: the per-address limit
 * (10 enquiries per 10 minutes) is counted on the address HAProxy appends to X-Forwarded-For, which is
 * the TCP peer the balancer sees, so a header cannot vary it. Each enquiry goes on a connection of its
 * own bound to its own 127.x.y.z address (client.ts `call` with `from`), as a visitor's browser opens
 * one; the connection set-up is part of what is measured, for the fleet and the one process alike.
 */
async function intakeLoad(baseUrl: string, origin: string, projectId: number, duration = seconds) {
  const latencies: number[] = [];
  const otherAnswers = new Map<string, number>();
  let accepted = 0;
  const started = performance.now();
  const deadline = started + duration * 1000;
  const sender = async () => {
    while (performance.now() < deadline) {
      enquirySequence += 1;
      const n = enquirySequence;
      const email = `bench-fleet-${benchRun}-${n}@example.com`;
      const sent = performance.now();
      try {
        const answer = await call(`${baseUrl}/api/enquiries`, {
          body: enquiryBody(projectId, email, n),
          from: nextClientAddress(),
          // The portal's own origin (BASE_URL is the balancer), also when a process is called directly.
          headers: { origin },
          timeoutMs: Math.max(1, Math.min(INTAKE_TIMEOUT_MS, deadline + INTAKE_GRACE_MS - performance.now())),
        });
        if (answer.status === 201) {
          accepted += 1;
          latencies.push(performance.now() - sent);
          acknowledgedEmails.push(email);
        } else countAnswer(otherAnswers, String(answer.status));
      } catch (error) {
        const { code, message } = error as NodeJS.ErrnoException;
        countAnswer(otherAnswers, code ?? (message.includes('in time') ? 'no answer in time' : message));
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, sender));
  return summarise(latencies, accepted, performance.now() - started, otherAnswers);
}

/** A selling listing of the demo data: its public page is the cached page, its form takes the enquiries. */
async function sellingListing(fleet: Fleet) {
  const { rows } = await fleet.sql.query<{ id: number; prefix: string; slug: string }>(
    `select id, prefix, slug from projects
      where sales_status = 'SELLING_NOW' and stage <> 'NOT_PROCEEDING' order by id limit 1`,
  );
  if (!rows[0]) throw new Error('no selling listing in the demo data');
  return { projectId: rows[0].id, pagePath: `/${rows[0].prefix}/${rows[0].slug}` };
}

/** Fills every process's page cache (checked: the second visit is a hit) and answers the page as sent. */
async function warmPage(fleet: Fleet, pagePath: string) {
  let sent: { body: string; headers: Headers } | undefined;
  for (const member of fleet.processes) {
    await fetch(`${member.url}${pagePath}`).then((response) => response.arrayBuffer());
    const again = await fetch(`${member.url}${pagePath}`);
    const body = await again.text();
    if (again.status !== 200 || again.headers.get('x-cache') !== 'HIT')
      throw new Error(
        `${pagePath} on process ${member.index}: ${again.status}, x-cache ${again.headers.get('x-cache')}`,
      );
    sent ??= { body, headers: again.headers };
  }
  if (!sent) throw new Error('the fleet has no process');
  return sent;
}

async function isReady(baseUrl: string) {
  const answer = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2000) });
  await answer.arrayBuffer();
  return answer.status === 200;
}

/** How long a measurement waits for every process to be ready again before it starts anyway. */
const SETTLE_MS = 6000;

/**
 * Before each measurement, every process ready again: a run that overloaded the database leaves
 * waiting transactions behind, which are not the next measurement's to pay for. Bounded (SETTLE_MS):
 * a fleet that does not recover is measured as it is, and the wait is printed.
 */
async function settle(fleet: Fleet) {
  const started = performance.now();
  const allReady = async () =>
    (await Promise.all(fleet.processes.map((member) => isReady(member.url)))).every(Boolean);
  const ready = await waitFor('every process ready', allReady, SETTLE_MS, 250).then(
    () => true,
    () => false,
  );
  const waited = (performance.now() - started) / 1000;
  if (!ready) console.log(`   (not every process ready after ${waited.toFixed(1)} s: measured anyway)`);
  else if (waited > 1) console.log(`   (waited ${waited.toFixed(1)} s for every process to be ready again)`);
}

type Row = {
  name: string;
  fleet: Measurement[];
  one: Measurement[];
  bare?: Measurement[];
  /** The bare server behind HAProxy alone: the most any fleet behind it can answer on this machine. */
  bareBalanced?: Measurement[];
};

const format = {
  ratio: (part: number, whole: number) => (whole > 0 ? (part / whole).toFixed(2) : 'none'),
  rate: (value: number) => value.toFixed(0).padStart(8),
  ms: (value: number) => (Number.isNaN(value) ? 'none' : value.toFixed(1)).padStart(7),
  others: (measurement: Measurement) =>
    measurement.otherAnswers.size
      ? `  other answers ${JSON.stringify(Object.fromEntries(measurement.otherAnswers))}`
      : '',
};

function printRun(name: string, run: number, label: string, measurement: Measurement) {
  console.log(
    `   ${name.padEnd(24)} run ${run}  ${label.padEnd(12)} ${format.rate(measurement.requestsPerSecond)} req/s  p95 ${format.ms(measurement.p95)} ms${format.others(measurement)}`,
  );
}

/** Runs of one target, alternating the fleet, one process and (for the page) bare. */
async function measure(
  fleet: Fleet,
  name: string,
  loads: {
    fleet: () => Promise<Measurement>;
    one: () => Promise<Measurement>;
    bare?: () => Promise<Measurement>;
    bareBalanced?: () => Promise<Measurement>;
  },
): Promise<Row> {
  const row: Row = { name, fleet: [], one: [] };
  const sides: { label: string; load: () => Promise<Measurement>; list: Measurement[] }[] = [
    { label: `fleet (${PROCESSES})`, load: loads.fleet, list: row.fleet },
    { label: 'one process', load: loads.one, list: row.one },
  ];
  if (loads.bare) {
    row.bare = [];
    sides.push({ label: 'bare http', load: loads.bare, list: row.bare });
  }
  if (loads.bareBalanced) {
    row.bareBalanced = [];
    sides.push({ label: 'bare+HAProxy', load: loads.bareBalanced, list: row.bareBalanced });
  }
  for (let run = 1; run <= runs; run++) {
    for (const side of sides) {
      await settle(fleet);
      const measurement = await side.load();
      side.list.push(measurement);
      printRun(name, run, side.label, measurement);
    }
  }
  return row;
}

function printTable(rows: Row[]) {
  const rate = (list: Measurement[]) => median(list.map((m) => m.requestsPerSecond));
  const p95 = (list: Measurement[]) => median(list.map((m) => m.p95));
  console.log(
    `\n== medians of ${runs} runs, ${seconds} s each, ${connections} connections (req/s of expected answers, p95 in ms)`,
  );
  console.log(
    `   ${'target'.padEnd(24)} ${'fleet req/s'.padStart(11)} ${'p95'.padStart(7)}   ${'one req/s'.padStart(9)} ${'p95'.padStart(7)}   ${'fleet/one'.padStart(9)}   ${'bare req/s'.padStart(10)} ${'p95'.padStart(7)}   ${'fleet/bare'.padStart(10)}`,
  );
  let verdict = '';
  for (const row of rows) {
    const fleetRate = rate(row.fleet);
    const bare = row.bare
      ? `   ${format.rate(rate(row.bare)).padStart(10)} ${format.ms(p95(row.bare))}   ${format.ratio(fleetRate, rate(row.bare)).padStart(10)}`
      : '';
    console.log(
      `   ${row.name.padEnd(24)} ${format.rate(fleetRate).padStart(11)} ${format.ms(p95(row.fleet))}   ${format.rate(rate(row.one)).padStart(9)} ${format.ms(p95(row.one))}   ${format.ratio(fleetRate, rate(row.one)).padStart(9)}${bare}`,
    );
    if (row.bare) {
      const ratio = fleetRate / rate(row.bare);
      verdict = `   cached page, fleet/bare ${ratio.toFixed(2)} (target ≥ ${TARGET_FLEET_TO_BARE}: ${ratio >= TARGET_FLEET_TO_BARE ? 'met' : 'MISSED'})`;
      if (row.bareBalanced) {
        const ceiling = rate(row.bareBalanced) / rate(row.bare);
        verdict += `\n   the balancer's own ceiling here: the same bytes from bare node:http behind HAProxy, ${format.rate(rate(row.bareBalanced)).trim()} req/s, ${ceiling.toFixed(2)} of bare (HAProxy, the servers and the load generator share ${cpus().length} cores)`;
      }
    }
  }
  if (verdict) console.log(verdict);
}

/** Deadlocks PostgreSQL has detected in the fleet's database (each one fails a request with a 500). */
async function deadlocks(fleet: Fleet) {
  const { rows } = await fleet.sql.query<{ deadlocks: number }>(
    'select deadlocks::int as deadlocks from pg_stat_database where datname = current_database()',
  );
  return rows[0]?.deadlocks ?? 0;
}

/** Every enquiry answered 201 must be stored (the leads issue: acknowledged means durable). */
async function reportIntakeIntegrity(fleet: Fleet, deadlocksBefore: number) {
  const { rows } = await fleet.sql.query<{ count: number }>(
    'select count(*)::int as count from leads where email = any($1)',
    [acknowledgedEmails],
  );
  const stored = rows[0]!.count;
  console.log(
    `   enquiries answered 201: ${acknowledgedEmails.length}, found in the database: ${stored}${stored === acknowledgedEmails.length ? '' : ' (MISSING ENQUIRIES)'}; deadlocks PostgreSQL detected meanwhile: ${(await deadlocks(fleet)) - deadlocksBefore}`,
  );
  if (stored !== acknowledgedEmails.length) process.exitCode = 1;
}

/** HAProxy and PgBouncer must be installed: the project's setup script installs Debian's or says how. */
function ensureFleetTools() {
  try {
    execFileSync('bash', [path.join(repoRoot, 'scripts/ensure-fleet-tools.sh')], { stdio: 'inherit' });
  } catch {
    throw new Error('HAProxy and PgBouncer are needed: `bash scripts/ensure-fleet-tools.sh` failed (above)');
  }
}

const cleanups: (() => Promise<void>)[] = [];
let stopping: Promise<void> | undefined;
/** Stops everything started so far, newest first, once (the end, an error and Ctrl-C all come here). */
const stopEverything = () => {
  stopping ??= (async () => {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((error: unknown) => console.error(`while stopping: ${String(error)}`));
    }
  })();
  return stopping;
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`\n${signal}: stopping the fleet…`);
    void stopEverything().finally(() => process.exit(130));
  });
}

async function main() {
  warnIfBuildIsOlderThanSource(path.join(repoRoot, 'apps/api'));
  ensureFleetTools();
  console.log(
    `bench:fleet: ${PROCESSES} processes behind HAProxy${values.pgbouncer ? ', PgBouncer (transaction mode)' : ''}; ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(2)}`,
  );
  const startedAt = performance.now();
  // Registered before it is awaited: Ctrl-C during the start stops what the start has brought up.
  const starting = startFleet({ processes: PROCESSES, pgbouncer: values.pgbouncer });
  cleanups.push(async () => (await starting).stop());
  const fleet = await starting;
  console.log(`   fleet up in ${((performance.now() - startedAt) / 1000).toFixed(1)} s at ${fleet.url}`);
  const one = fleet.processes[0]!;
  const { projectId, pagePath } = await sellingListing(fleet);
  const deadlocksBefore = await deadlocks(fleet);

  const page = await warmPage(fleet, pagePath);
  const bare = await startBareServer([
    { path: pagePath, status: 200, headers: page.headers, body: Buffer.from(page.body) },
    // Ready for HAProxy's health check, as the balancer in front of it asks.
    { path: '/readyz', status: 200, headers: new Headers(), body: new Uint8Array() },
  ]);
  cleanups.push(bare.stop);
  const bareBalancer = await startBalancer([{ port: Number(new URL(bare.url).port) }]);
  cleanups.push(bareBalancer.stop);
  console.log(`   cached page ${pagePath}: ${Buffer.byteLength(page.body).toLocaleString('en-AU')} bytes`);
  // A short load through the balancer first: every process's request path is optimised by V8 before
  // anything is timed, as a process serving traffic is after its first seconds.
  const warmup = Math.min(2, seconds);
  await autocannonLoad({ url: `${fleet.url}${pagePath}` }, 200, warmup);
  const rows: Row[] = [];
  rows.push(
    await measure(fleet, 'cached listing page', {
      fleet: () => autocannonLoad({ url: `${fleet.url}${pagePath}` }, 200),
      one: () => autocannonLoad({ url: `${one.url}${pagePath}` }, 200),
      bare: () => autocannonLoad({ url: `${bare.url}${pagePath}` }, 200),
      bareBalanced: () => autocannonLoad({ url: `${bareBalancer.url}${pagePath}` }, 200),
    }),
  );

  const cookie = await signIn(fleet.url, BENCH_USER_EMAIL, nextClientAddress());
  const search = (baseUrl: string) => ({
    url: `${baseUrl}/api/projects/search`,
    method: 'POST' as const,
    headers: { origin: fleet.url, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ params: {} }),
  });
  await autocannonLoad(search(fleet.url), 200, warmup);
  rows.push(
    await measure(fleet, 'project search', {
      fleet: () => autocannonLoad(search(fleet.url), 200),
      one: () => autocannonLoad(search(one.url), 200),
    }),
  );

  // Last: it writes (leads, outbox rows, jobs) and would weigh on what is measured after it.
  await intakeLoad(fleet.url, fleet.url, projectId, warmup);
  rows.push(
    await measure(fleet, 'enquiry intake', {
      fleet: () => intakeLoad(fleet.url, fleet.url, projectId),
      one: () => intakeLoad(one.url, fleet.url, projectId),
    }),
  );
  printTable(rows);
  await reportIntakeIntegrity(fleet, deadlocksBefore);
  console.log(
    `   load average now ${loadavg()[0]!.toFixed(2)}; whole run ${((performance.now() - startedAt) / 1000).toFixed(0)} s`,
  );
}

try {
  await main();
} catch (error) {
  // After Ctrl-C the measurements fail as the fleet goes away: that is not worth printing.
  if (!stopping) console.error(error);
  process.exitCode = 1;
} finally {
  await stopEverything();
}
