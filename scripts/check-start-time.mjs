#!/usr/bin/env node
// Issue 21: a later start of the production build (the database exists and is migrated) is ready in
// at most 1.5 s. This check builds nothing: it runs apps/api/dist as `npm test` leaves it after the
// build. It makes a data folder with a first start (migrations and demo data), then times five later
// starts from spawn to the first 200 of /readyz and fails when their median is over the limit.
//
//   node scripts/check-start-time.mjs [--runs 5] [--limit-ms 1500] [--target-ms 1500] [--database-url postgres://…]
//     [--entry path/to/dist/index.js] [--data-dir folder] [--node-option=--cpu-prof …]
//
// With --database-url (an empty database the check may fill) the starts use PostgreSQL; the data
// folder then holds only the auth secret.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

const { values: options } = parseArgs({
  options: {
    // Another copy of the build (to compare two builds in one run).
    entry: { type: 'string', default: path.join(root, 'apps/api/dist/index.js') },
    runs: { type: 'string', default: '5' },
    'limit-ms': { type: 'string', default: '1500' },
    // Issue 21's goal, printed beside the limit: `npm test` holds a looser limit until the goal is
    // reached, so a slower start fails CI while the remaining gap stays visible in every run.
    'target-ms': { type: 'string', default: '1500' },
    'database-url': { type: 'string' },
    // A data folder a start has already made (then no first start): to compare builds on the same data.
    'data-dir': { type: 'string' },
    'node-option': { type: 'string', multiple: true, default: [] },
    // The limit grows on a slower machine: at least this many times what Node takes, in the same run,
    // to start and parse the bundle (`node --check`), the part of a start no change of ours removes.
    'limit-parses': { type: 'string' },
  },
});
const entry = path.resolve(options.entry);
const runs = Number(options.runs);
const limitMs = Number(options['limit-ms']);
const targetMs = Number(options['target-ms']);

/** A port nobody listens on now. */
function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The processor time the process has used so far (Linux only): on a busy machine the wall time swings
 * with the neighbours' load, this much less.
 */
function processorMs(pid) {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/**
 * Starts the build, waits for /readyz to answer 200, stops it with SIGTERM and waits for its exit.
 * Returns the wall time to ready and the "portal ready" line's own figure.
 */
async function timeStart(dataDir, { timeoutMs }) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...options['node-option'], entry], {
    cwd: root,
    env: {
      // biome-ignore lint/style/noProcessEnv: a script, not the portal; its server starts with only what is listed here
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      // Production refuses to start without one; any fixed value does for a throw-away data folder.
      AUTH_SECRET: 'start-time-check-'.padEnd(40, 'x'),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      ...(options['database-url'] && { DATABASE_URL: options['database-url'] }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  let exitedEarly = false;
  exited.then(() => {
    exitedEarly = true;
  });
  try {
    // Polled every 10 ms: the figure is at most that late, and the polling costs the process little.
    for (;;) {
      if (exitedEarly) throw new Error(`the server exited before it was ready:\n${output}`);
      if (performance.now() - started > timeoutMs)
        throw new Error(`not ready within ${timeoutMs} ms:\n${output}`);
      const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (answer) => answer.status,
        () => 0,
      );
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const readyMs = performance.now() - started;
    const cpuMs = processorMs(child.pid);
    const line = output.split('\n').find((text) => text.includes('"portal ready"'));
    const loggedMs = line ? JSON.parse(line).ms : undefined;
    return { readyMs, loggedMs, cpuMs };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** Median wall time of `node --check` on the bundle: Node's start and a parse of every byte of it. */
async function bundleParseMs() {
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await new Promise((resolve, reject) => {
      spawn(process.execPath, ['--check', entry], { stdio: 'ignore' }).once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`node --check exited with ${code}`)),
      );
    });
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

/**
 * --limit-ms, or on a machine slow enough that --limit-parses times the bundle's parse is more, that:
 * a limit set on one machine cannot say whether another, three times slower, regressed (28 Nov: the
 * same commit started in 0.99 s on one CI machine and 3.25 s on the next).
 */
async function machineLimit() {
  if (!options['limit-parses']) return limitMs;
  const parseMs = await bundleParseMs();
  const scaled = Number(options['limit-parses']) * parseMs;
  console.log(
    `node --check of the bundle (median of ${runs}): ${Math.round(parseMs)} ms; ` +
      `limit ${limitMs} ms or ${options['limit-parses']} times that, whichever is more: ${Math.round(Math.max(limitMs, scaled))} ms`,
  );
  return Math.max(limitMs, scaled);
}

if (!existsSync(entry)) {
  console.error(`${path.relative(root, entry)} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

const dataDir = options['data-dir'] ?? mkdtempSync(path.join(tmpdir(), 'offplan-start-'));
let failed = false;
try {
  if (!options['data-dir']) {
    const first = await timeStart(dataDir, { timeoutMs: 180_000 });
    console.log(`first start (migrations, demo data): ${Math.round(first.readyMs)} ms`);
  }
  const times = [];
  for (let run = 1; run <= runs; run += 1) {
    const { readyMs, loggedMs, cpuMs } = await timeStart(dataDir, { timeoutMs: 60_000 });
    times.push(readyMs);
    const cpu = cpuMs === undefined ? '' : `, ${cpuMs} ms of processor time`;
    console.log(
      `later start ${run}: ready in ${Math.round(readyMs)} ms ("portal ready" logged ${loggedMs} ms${cpu})`,
    );
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const limit = await machineLimit();
  failed = median > limit;
  console.log(
    `median later start: ${Math.round(median)} ms (limit ${Math.round(limit)} ms, ${options['database-url'] ? 'PostgreSQL' : 'embedded PGlite'}): ${failed ? 'FAILED' : 'ok'}; ` +
      `issue 21's target ${targetMs} ms: ${median > targetMs ? 'not reached yet' : 'reached'}`,
  );
} finally {
  if (!options['data-dir']) rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
