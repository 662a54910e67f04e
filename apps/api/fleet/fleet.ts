import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/db/seed/demo-data.ts';

/**
 * Issue 20's fleet, as an operator would run it on one machine: a PostgreSQL server of its own (so it
 * can be restarted under the fleet), optionally PgBouncer in transaction mode in front of it, N app
 * processes started from the production build (`apps/api/dist/index.js`), and HAProxy balancing them
 * with health checks on `/readyz`. Used by the fleet tests (`apps/api/fleet/*.test.ts`) and
 * `npm run bench:fleet`. Needs `npm run build` and `bash scripts/ensure-fleet-tools.sh` first.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SERVER_ENTRY = path.join(repoRoot, 'apps/api/dist/index.js');
export const FLEET_AUTH_SECRET = 'fleet-auth-secret-of-at-least-thirty-two-characters';
export const FLEET_METRICS_TOKEN = 'fleet-metrics-token-0123456789';
const DATABASE_NAME = 'offplan';

/** How long a stopping process answers not-ready before it stops listening (> the balancer's check). */
export const FLEET_DRAIN_MS = 1500;
/** The balancer's health check interval: a process leaves rotation within one interval of not-ready. */
const CHECK_INTERVAL_MS = 250;

export function freePort() {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` answers true, polling every `every` ms, or fails naming `what`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 30_000,
  every = 50,
) {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (error) {
      lastError = error;
    }
    await sleep(every);
  }
  throw new Error(`timed out waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
}

function binary(name: string, folders: string[]) {
  for (const folder of folders) {
    const candidate = path.join(folder, name);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`${name} is not installed: run \`bash scripts/ensure-fleet-tools.sh\``);
}

function postgresBinaries() {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const folder = versions
    .map((version) => path.join(root, version, 'bin'))
    .find((bin) => existsSync(path.join(bin, 'initdb')));
  if (!folder) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) are not installed');
  return { initdb: path.join(folder, 'initdb'), pgCtl: path.join(folder, 'pg_ctl') };
}

const runningAsRoot = process.getuid?.() === 0;

/** PostgreSQL and PgBouncer refuse to run as root: as root, they run as the `postgres` user. */
function asServiceUser(command: string, args: string[]): [string, string[]] {
  return runningAsRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function makeOwnedFolder(prefix: string) {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(folder, 0o777);
  if (runningAsRoot) execFileSync('chown', ['postgres:postgres', folder]);
  return folder;
}

export type FleetPostgres = {
  port: number;
  url: string;
  restart(): Promise<void>;
  stop(): void;
};

/** A PostgreSQL server of the fleet's own, in a temporary folder, with an empty `offplan` database. */
export async function startPostgres(): Promise<FleetPostgres> {
  const { initdb, pgCtl } = postgresBinaries();
  const folder = makeOwnedFolder('offplan-fleet-pg-');
  const dataDir = path.join(folder, 'data');
  const port = await freePort();
  const run = (command: string, args: string[]) => {
    const [file, argv] = asServiceUser(command, args);
    execFileSync(file, argv, { stdio: 'pipe' });
  };
  run(initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off`;
  const start = () =>
    run(pgCtl, ['-D', dataDir, '-o', options, '-l', path.join(folder, 'log'), '-w', 'start']);
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/${DATABASE_NAME}`;
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query(`create database ${DATABASE_NAME}`);
  await admin.end();
  return {
    port,
    url,
    // A fast restart, as an operator's `systemctl restart postgresql`: every connection is cut. Not
    // blocking (the caller's requests go on meanwhile), and with the log file: without `-l` the new
    // server writes to pg_ctl's output pipe, which then never closes and the restart never returns.
    restart: async () => {
      const logFile = path.join(folder, 'log');
      const [file, argv] = asServiceUser(pgCtl, [
        '-D',
        dataDir,
        '-m',
        'fast',
        '-w',
        '-l',
        logFile,
        'restart',
        '-o',
        options,
      ]);
      await promisify(execFile)(file, argv);
    },
    stop: () => {
      try {
        run(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}

/**
 * How much of a child's output is kept: a whole fault run of a portal process at LOG_LEVEL=warn, stack
 * traces included, so the log line of a request that failed during the rolling restart is still there
 * when the test looks for it (20 kB once lost it).
 */
const KEPT_OUTPUT_CHARS = 2_000_000;

/** A child process whose output is kept (a full pipe would stop it) for an error message. */
function spawnKept(command: string, args: string[], env?: NodeJS.ProcessEnv) {
  // The chunks as they came, the oldest dropped past the limit, joined only when asked: adding each
  // chunk to one string and cutting it copied the whole kept 2 MB per chunk, which under bench:fleet's
  // load (thousands of log lines a second) took a core from the load generator in the same process.
  const chunks: string[] = [];
  let kept = 0;
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    chunks.push(text);
    kept += text.length;
    while (kept - chunks[0]!.length >= KEPT_OUTPUT_CHARS) kept -= chunks.shift()!.length;
  };
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, output: () => chunks.join('').slice(-KEPT_OUTPUT_CHARS), exited };
}

async function stopChild(child: ChildProcess, exited: Promise<void>, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  await exited;
}

export type FleetPgBouncer = { port: number; url: string; stop(): Promise<void> };

/** PgBouncer in transaction mode in front of `postgres` (Debian's package). */
export async function startPgBouncer(postgres: FleetPostgres): Promise<FleetPgBouncer> {
  const pgbouncer = binary('pgbouncer', ['/usr/sbin', '/usr/bin']);
  const folder = makeOwnedFolder('offplan-fleet-pgbouncer-');
  const port = await freePort();
  writeFileSync(path.join(folder, 'userlist.txt'), '"postgres" ""\n');
  writeFileSync(
    path.join(folder, 'pgbouncer.ini'),
    [
      '[databases]',
      `${DATABASE_NAME} = host=127.0.0.1 port=${postgres.port} dbname=${DATABASE_NAME}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(folder, 'userlist.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 1000',
      'default_pool_size = 40',
      // What node-postgres may send at connect that PgBouncer would otherwise refuse.
      'ignore_startup_parameters = extra_float_digits,options',
      'server_reset_query =',
      '',
    ].join('\n'),
  );
  for (const file of readdirSync(folder)) chmodSync(path.join(folder, file), 0o644);
  const [file, argv] = asServiceUser(pgbouncer, [path.join(folder, 'pgbouncer.ini')]);
  const kept = spawnKept(file, argv);
  const url = `postgres://postgres@127.0.0.1:${port}/${DATABASE_NAME}`;
  await waitFor(`PgBouncer on ${port}\n${kept.output()}`, async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('select 1');
    await client.end();
    return true;
  });
  return {
    port,
    url,
    stop: async () => {
      await stopChild(kept.child, kept.exited);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export type AppProcess = {
  index: number;
  port: number;
  /** The process itself, bypassing the balancer. */
  url: string;
  pid(): number | undefined;
  output(): string;
  /** Starts it (again) and waits until `/readyz` answers 200. */
  start(): Promise<void>;
  /** SIGTERM and wait: it drains (not-ready first) and finishes what it has. */
  stop(): Promise<void>;
  /** SIGKILL: gone at once, mid-request. */
  kill(): Promise<void>;
};

function appProcess(index: number, port: number, env: Record<string, string>): AppProcess {
  let current: ReturnType<typeof spawnKept> | undefined;
  // Each earlier run's output, read when asked: a stopped process's last lines (written at exit) can
  // reach its pipe after 'exit', so a copy taken at the restart would miss them.
  const earlierRuns: (() => string)[] = [];
  const url = `http://127.0.0.1:${port}`;
  const ready = async () => (await fetch(`${url}/readyz`)).status === 200;
  return {
    index,
    port,
    url,
    pid: () => current?.child.pid,
    output: () => [...earlierRuns, current?.output ?? (() => '')].map((output) => output()).join(''),
    start: async () => {
      if (current) earlierRuns.push(current.output);
      current = spawnKept(process.execPath, [SERVER_ENTRY], {
        PATH: process.env.PATH,
        ...env,
        PORT: String(port),
      });
      const started = current;
      let exitedEarly = false;
      void started.exited.then(() => {
        exitedEarly = true;
      });
      await waitFor(
        `process ${index} ready`,
        async () => {
          if (exitedEarly) throw new Error(`process ${index} exited:\n${started.output()}`);
          return ready();
        },
        60_000,
        100,
      );
    },
    stop: async () => {
      if (current) await stopChild(current.child, current.exited, 'SIGTERM');
    },
    kill: async () => {
      if (current) await stopChild(current.child, current.exited, 'SIGKILL');
    },
  };
}

export type FleetBalancer = { port: number; url: string; stop(): Promise<void> };

/**
 * HAProxy in front of the processes: round robin, `/readyz` checked every 250 ms (one failure takes a
 * process out, two successes bring it back), a refused connection retried on another process
 * (`redispatch`), and the client's address appended to X-Forwarded-For (the processes trust the last).
 */
export async function startBalancer(backends: { port: number }[], port?: number): Promise<FleetBalancer> {
  const haproxy = binary('haproxy', ['/usr/sbin', '/usr/bin']);
  const folder = mkdtempSync(path.join(tmpdir(), 'offplan-fleet-haproxy-'));
  const listenPort = port ?? (await freePort());
  const config = path.join(folder, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 4096',
      '  nbthread 1',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  timeout http-keep-alive 30s',
      // Without it a check times out after `inter` (250 ms): under load /readyz waits that long for a
      // pool connection and HAProxy took every healthy process out (503s in bench:fleet). A draining
      // process still leaves at once: it answers not-ready without waiting.
      '  timeout check 2s',
      '  retries 3',
      '  option redispatch 1',
      '  option forwardfor',
      'frontend portal',
      `  bind 127.0.0.1:${listenPort}`,
      '  default_backend processes',
      'backend processes',
      '  balance roundrobin',
      '  option httpchk GET /readyz',
      '  http-check expect status 200',
      `  default-server inter ${CHECK_INTERVAL_MS}ms fall 1 rise 2`,
      ...backends.map((backend, index) => `  server app${index} 127.0.0.1:${backend.port} check`),
      '',
    ].join('\n'),
  );
  const kept = spawnKept(haproxy, ['-db', '-f', config]);
  const url = `http://127.0.0.1:${listenPort}`;
  await waitFor(
    `HAProxy on ${listenPort}\n${kept.output()}`,
    async () => (await fetch(`${url}/readyz`)).status === 200,
  );
  return {
    port: listenPort,
    url,
    stop: async () => {
      await stopChild(kept.child, kept.exited);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export type Fleet = {
  /** The balancer: where clients go. */
  url: string;
  processes: AppProcess[];
  postgres: FleetPostgres;
  pgbouncer: FleetPgBouncer | undefined;
  /** Straight to the database (not through PgBouncer), for checks. */
  sql: pg.Pool;
  /** The processes' shared data folder (uploads). */
  dataDir: string;
  env: Record<string, string>;
  stop(): Promise<void>;
};

export type FleetOptions = {
  processes?: number;
  /** Put PgBouncer (transaction mode) between the processes and PostgreSQL. */
  pgbouncer?: boolean;
  /** Fill the database with the demo data before the processes start. */
  seedDemo?: boolean;
  /** More settings for every process. */
  env?: Record<string, string>;
};

/** Starts the whole fleet; `stop` tears everything down (call it in `afterAll`). */
export async function startFleet(options: FleetOptions = {}): Promise<Fleet> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
  const postgres = await startPostgres();
  const cleanups: (() => Promise<void> | void)[] = [() => postgres.stop()];
  try {
    // Migrated and seeded once, before any process starts, as a deploy step would.
    const database = await openDatabase({ databaseUrl: postgres.url });
    await migrateDatabase(database);
    if (options.seedDemo ?? true)
      await seedDemoData(database.db, { now: new Date(), baseUrl: 'http://127.0.0.1' });
    await database.close();

    const pgbouncer = options.pgbouncer ? await startPgBouncer(postgres) : undefined;
    if (pgbouncer) cleanups.push(() => pgbouncer.stop());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'offplan-fleet-data-'));
    mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

    const balancerPort = await freePort();
    const env: Record<string, string> = {
      // Not `production`: the tests' CRM receiver is on loopback, which production refuses (decision 029).
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${balancerPort}`,
      AUTH_SECRET: FLEET_AUTH_SECRET,
      METRICS_TOKEN: FLEET_METRICS_TOKEN,
      DATA_DIR: dataDir,
      DATABASE_URL: pgbouncer?.url ?? postgres.url,
      ...(pgbouncer ? { DIRECT_DATABASE_URL: postgres.url } : {}),
      TRUST_PROXY: 'true',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: String(FLEET_DRAIN_MS),
      FEEDBACK_REQUEST_DELAY_HOURS: '72',
      ...options.env,
    };
    const ports = await Promise.all(Array.from({ length: options.processes ?? 3 }, () => freePort()));
    const processes = ports.map((port, index) => appProcess(index, port, env));
    cleanups.push(async () => {
      await Promise.all(processes.map((process) => process.stop()));
    });
    // One after another: each start also checks the schema and schedules, as a rolling deploy does.
    for (const process of processes) await process.start();
    const balancer = await startBalancer(processes, balancerPort);
    cleanups.push(() => balancer.stop());
    const sql = new pg.Pool({ connectionString: postgres.url, max: 4 });
    sql.on('error', () => {});
    cleanups.push(() => sql.end());
    return {
      url: balancer.url,
      processes,
      postgres,
      pgbouncer,
      sql,
      dataDir,
      env,
      stop: async () => {
        for (const cleanup of cleanups.reverse()) await cleanup();
      },
    };
  } catch (error) {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
    throw error;
  }
}

/** A fresh client address per call, from loopback's 127.0.0.0/8, so per-address limits do not mix tests. */
let nextAddress = 1;
export function nextClientAddress() {
  nextAddress += 1;
  return `127.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255 || 1}`;
}

export const uniqueSuffix = () => randomBytes(4).toString('hex');
