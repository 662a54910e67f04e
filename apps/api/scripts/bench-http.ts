/**
 * Issue 21's per-request overhead: the production build as one process (embedded database, demo
 * data, NODE_ENV=production, LOG_LEVEL=info, its log going to a file) next to a bare `node:http`
 * process sending the same bytes (status, headers, body) for each target, both driven by autocannon in
 * the same run. The ratio portal/bare is what the stack costs per request; the target is ≥ 0.6.
 *   - `GET /healthz`: the stack alone (every middleware, a constant answer),
 *   - the cached public listing page `GET /{prefix}/{slug}` (a page-cache hit),
 *   - signed-in `GET /api/user-projects` (a session lookup and the account's queries: the bare server
 *     only sends the bytes, so that ratio also counts the database work; a second baseline, bare
 *     `node:http` doing the route's own work with the portal's functions on a copy of the same data
 *     (scripts/bench-http-same-work.ts), shows the stack's share, and is the one held to the target).
 * Each figure is the median of `--runs` runs; the runs of a target alternate portal and bare so drift on
 * a shared machine hits both alike. `--cpu-prof <folder>` writes the portal's CPU profile there.
 *   npm run build && npm run bench:http -- [--seconds 5] [--connections 20] [--runs 3] [--only page] [--cpu-prof dir]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, cpSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { and, eq, ne } from 'drizzle-orm';
import { signIn } from '../fleet/client.ts';
import { freePort, waitFor } from '../fleet/fleet.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { projects } from '../src/db/schema/index.ts';
import { seedDemoData } from '../src/db/seed/demo-data.ts';
import {
  autocannonLoad,
  type BareAnswer,
  cpuMsOf,
  type Load,
  type Measurement,
  median,
  startBareServer,
  warnIfBuildIsOlderThanSource,
} from './bench-load.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
    runs: { type: 'string', default: '3' },
    'cpu-prof': { type: 'string' },
    /** Only the targets whose name contains this (e.g. `healthz`, `page`, `user-projects`). */
    only: { type: 'string', default: '' },
    /** The portal's LOG_LEVEL: info as production runs it; `warn` shows what the request lines cost. */
    'log-level': { type: 'string', default: 'info' },
    /** Another build of the server to measure (a copy of an earlier dist/, to compare before and after). */
    entry: { type: 'string' },
  },
});
const load = { seconds: Number(values.seconds), connections: Number(values.connections) };
const runs = Number(values.runs);
const BENCH_USER_EMAIL = 'developer@demo.offplan.test';
/** The ratio issue 21 asks of every target: the portal at least 0.6 of bare `node:http`. */
const TARGET_RATIO = 0.6;
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.resolve(values.entry ?? path.join(apiDir, 'dist/index.js'));
const AUTH_SECRET = 'bench-http-auth-secret-of-at-least-thirty-two-characters';

type Portal = { url: string; pid: number | undefined; logFile: string; stop(): Promise<void> };

/** The demo data in a fresh embedded database, written before the portal opens it (production never seeds). */
async function seededDataDir(baseUrl: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'offplan-bench-http-'));
  const database = await openDatabase({ dataDir });
  try {
    await migrateDatabase(database);
    await seedDemoData(database.db, { now: new Date(), baseUrl });
    const [listing] = await database.db
      .select({ prefix: projects.prefix, slug: projects.slug })
      .from(projects)
      .where(and(eq(projects.salesStatus, 'SELLING_NOW'), ne(projects.stage, 'NOT_PROCEEDING')))
      .orderBy(projects.id)
      .limit(1);
    if (!listing) throw new Error('no selling listing in the demo data');
    return { dataDir, pagePath: `/${listing.prefix}/${listing.slug}` };
  } finally {
    await database.close();
  }
}

/** `apps/api/dist/index.js` as production runs it, its log lines appended to a file as a log collector would. */
async function startPortal(port: number, dataDir: string): Promise<Portal> {
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'portal.log');
  const logFd = openSync(logFile, 'a');
  const profile = values['cpu-prof']
    ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(values['cpu-prof'])]
    : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, serverEntry], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      BASE_URL: url,
      AUTH_SECRET,
      DATA_DIR: dataDir,
      LOG_LEVEL: values['log-level'],
    },
    stdio: ['ignore', logFd, 'inherit'],
  });
  closeSync(logFd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  await waitFor(
    'the portal ready',
    async () => {
      if (gone) throw new Error(`the portal exited early (its log: ${logFile})`);
      return (await fetch(`${url}/readyz`)).status === 200;
    },
    60_000,
    100,
  );
  return {
    url,
    pid: child.pid,
    logFile,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `sameWork`: a server doing the target's own work without the stack, the baseline its target is held to. */
type Target = {
  name: string;
  load: (baseUrl: string) => Load;
  answer: BareAnswer;
  sameWork?: Server & { stop(): Promise<void> };
};

/** One answer of the portal, as the bare server will send it; `check` refuses an unexpected one. */
async function answerOf(
  url: string,
  requestPath: string,
  headers: Record<string, string>,
  check: (response: Response) => boolean,
): Promise<BareAnswer> {
  const response = await fetch(`${url}${requestPath}`, { headers });
  const body = new Uint8Array(await response.arrayBuffer());
  if (!check(response)) throw new Error(`${requestPath}: unexpected answer ${response.status}`);
  return { path: requestPath, status: response.status, headers: response.headers, body };
}

async function targetsOf(portal: Portal, pagePath: string, cookie: string): Promise<Target[]> {
  const health = await answerOf(portal.url, '/healthz', {}, (r) => r.status === 200);
  // The first visit renders and stores the page; the second is the cache hit the run measures.
  await answerOf(portal.url, pagePath, {}, (r) => r.status === 200);
  const page = await answerOf(
    portal.url,
    pagePath,
    {},
    (r) => r.status === 200 && r.headers.get('x-cache') === 'HIT',
  );
  const signedIn = { cookie };
  const projectsAnswer = await answerOf(portal.url, '/api/user-projects', signedIn, (r) => r.status === 200);
  return [
    { name: 'GET /healthz', load: (url) => ({ url: `${url}/healthz` }), answer: health },
    { name: 'cached listing page', load: (url) => ({ url: `${url}${pagePath}` }), answer: page },
    {
      name: 'GET /api/user-projects',
      load: (url) => ({ url: `${url}/api/user-projects`, headers: signedIn }),
      answer: projectsAnswer,
    },
  ];
}

/** A run's figures with the server's CPU time per expected answer (µs; NaN where /proc is missing). */
type Run = Measurement & { cpuMicrosecondsPerRequest: number };
type Row = { target: Target; portal: Run[]; bare: Run[]; sameWork: Run[] };
type Side = { label: string; url: string; pid: number | undefined; list: Run[] };

async function measuredRun(target: Target, side: Side): Promise<Run> {
  const cpuBefore = cpuMsOf(side.pid);
  const measurement = await autocannonLoad(target.load(side.url), target.answer.status, load);
  const cpuAfter = cpuMsOf(side.pid);
  const cpuMicrosecondsPerRequest =
    cpuBefore === undefined || cpuAfter === undefined || !measurement.answered
      ? Number.NaN
      : ((cpuAfter - cpuBefore) * 1000) / measurement.answered;
  return { ...measurement, cpuMicrosecondsPerRequest };
}

const format = {
  rate: (value: number) => value.toFixed(0).padStart(8),
  ms: (value: number) => (Number.isNaN(value) ? 'none' : value.toFixed(1)).padStart(7),
  others: (measurement: Measurement) =>
    measurement.otherAnswers.size
      ? `  other answers ${JSON.stringify(Object.fromEntries(measurement.otherAnswers))}`
      : '',
};

type Server = { url: string; pid: number | undefined };

async function measure(target: Target, portal: Server, bare: Server): Promise<Row> {
  const row: Row = { target, portal: [], bare: [], sameWork: [] };
  const sides: Side[] = [
    { label: 'portal', ...portal, list: row.portal },
    { label: 'bare http', ...bare, list: row.bare },
  ];
  if (target.sameWork) sides.push({ label: 'same work', ...target.sameWork, list: row.sameWork });
  // Unmeasured first: V8 optimises each side's path before anything is timed.
  for (const side of sides)
    await autocannonLoad(target.load(side.url), target.answer.status, { ...load, seconds: 2 });
  for (let run = 1; run <= runs; run++) {
    for (const side of sides) {
      const measurement = await measuredRun(target, side);
      side.list.push(measurement);
      console.log(
        `   ${target.name.padEnd(24)} run ${run}  ${side.label.padEnd(9)} ${format.rate(measurement.requestsPerSecond)} req/s  p95 ${format.ms(measurement.p95)} ms  CPU ${format.rate(measurement.cpuMicrosecondsPerRequest)} µs/request${format.others(measurement)}`,
      );
    }
  }
  return row;
}

function printTable(rows: Row[]) {
  const rate = (list: Run[]) => median(list.map((m) => m.requestsPerSecond));
  const p95 = (list: Run[]) => median(list.map((m) => m.p95));
  const cpu = (list: Run[]) => median(list.map((m) => m.cpuMicrosecondsPerRequest));
  console.log(
    `\n== medians of ${runs} runs, ${load.seconds} s each, ${load.connections} connections (req/s of expected answers, p95 in ms, server CPU µs per answer)`,
  );
  console.log(
    `   ${'target'.padEnd(24)} ${'portal req/s'.padStart(12)} ${'p95'.padStart(7)} ${'CPU µs'.padStart(8)}   ${'bare req/s'.padStart(10)} ${'p95'.padStart(7)} ${'CPU µs'.padStart(8)}   ${'portal/bare'.padStart(11)} ${'CPU bare/portal'.padStart(15)}`,
  );
  const missed: string[] = [];
  for (const row of rows) {
    const ratio = rate(row.portal) / rate(row.bare);
    console.log(
      `   ${row.target.name.padEnd(24)} ${format.rate(rate(row.portal)).padStart(12)} ${format.ms(p95(row.portal))} ${format.rate(cpu(row.portal))}   ${format.rate(rate(row.bare)).padStart(10)} ${format.ms(p95(row.bare))} ${format.rate(cpu(row.bare))}   ${ratio.toFixed(2).padStart(11)} ${(cpu(row.bare) / cpu(row.portal)).toFixed(2).padStart(15)}`,
    );
    if (!row.sameWork.length) {
      if (!(ratio >= TARGET_RATIO)) missed.push(row.target.name);
      continue;
    }
    // A route that reads the database is held to the same work done without the stack.
    const sameWorkRatio = rate(row.portal) / rate(row.sameWork);
    if (!(sameWorkRatio >= TARGET_RATIO)) missed.push(row.target.name);
    console.log(
      `   ${'  next to the same work'.padEnd(24)} ${''.padStart(12)} ${''.padStart(7)} ${''.padStart(8)}   ${format.rate(rate(row.sameWork)).padStart(10)} ${format.ms(p95(row.sameWork))} ${format.rate(cpu(row.sameWork))}   ${sameWorkRatio.toFixed(2).padStart(11)} ${(cpu(row.sameWork) / cpu(row.portal)).toFixed(2).padStart(15)}`,
    );
  }
  console.log(
    missed.length
      ? `   MISSED: portal/baseline < ${TARGET_RATIO} for ${missed.join(', ')}`
      : `   OK: portal/baseline ≥ ${TARGET_RATIO} for every target (bare for /healthz and the page, the same work for /api/user-projects)`,
  );
  if (missed.length) process.exitCode = 1;
}

/**
 * The same-work server of `GET /api/user-projects` on its own copy of the data folder; it must answer
 * what the portal answered, or it is not the same work.
 */
async function startSameWorkServer(dataCopy: string, expected: BareAnswer, cookie: string) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(apiDir, 'scripts/bench-http-same-work.ts'), dataCopy, AUTH_SECRET],
    { cwd: apiDir, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', (code) => reject(new Error(`the same-work server exited with ${code}`)));
  });
  const server = {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  const answer = await fetch(`${server.url}${expected.path}`, { headers: { cookie } });
  const same =
    JSON.stringify(await answer.json()) === JSON.stringify(JSON.parse(Buffer.from(expected.body).toString()));
  if (!same) {
    await server.stop();
    throw new Error('the same-work server does not answer what the portal answers');
  }
  return server;
}

const cleanups: (() => Promise<void> | void)[] = [];
async function main() {
  if (!values.entry) warnIfBuildIsOlderThanSource(apiDir);
  console.log(
    `bench:http: ${path.relative(process.cwd(), serverEntry)} as one process against bare node:http; ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(2)}`,
  );
  const port = await freePort();
  const { dataDir, pagePath } = await seededDataDir(`http://127.0.0.1:${port}`);
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  // Signed in first, so the same-work server's copy of the data (the embedded database is one
  // process's) holds the session too: the copy is made with the portal stopped.
  const signingIn = await startPortal(port, dataDir);
  const cookie = await signIn(signingIn.url, BENCH_USER_EMAIL);
  await signingIn.stop();
  const dataCopy = `${dataDir}-same-work`;
  cpSync(dataDir, dataCopy, { recursive: true });
  cleanups.push(() => rmSync(dataCopy, { recursive: true, force: true }));
  const portal = await startPortal(port, dataDir);
  cleanups.push(portal.stop);
  const all = await targetsOf(portal, pagePath, cookie);
  const targets = all.filter((target) => target.name.includes(values.only));
  if (targets.length === 0)
    throw new Error(
      `--only '${values.only}' names no target: ${all.map((target) => target.name).join(', ')}`,
    );
  const bare = await startBareServer(targets.map((target) => target.answer));
  cleanups.push(bare.stop);
  const userProjects = targets.find((target) => target.answer.path === '/api/user-projects');
  if (userProjects) {
    userProjects.sameWork = await startSameWorkServer(dataCopy, userProjects.answer, cookie);
    cleanups.push(userProjects.sameWork.stop);
  }
  const rows: Row[] = [];
  for (const target of targets) rows.push(await measure(target, portal, bare));
  printTable(rows);
  console.log(`   load average now ${loadavg()[0]!.toFixed(2)}`);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
  if (values['cpu-prof']) console.log(`   CPU profile of the portal in ${path.resolve(values['cpu-prof'])}`);
}
