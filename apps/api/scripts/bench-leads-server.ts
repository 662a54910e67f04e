import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PATHS, DEMO_PASSWORD } from '@offplan/shared';
import autocannon from 'autocannon';
import { enquiryBody } from '../fleet/client.ts';

/**
 * The leads benchmark's measurements of the real server process (src/index.ts started as production
 * starts it): the CSV export and enquiry intake over HTTP. Memory is read from outside, from /proc.
 */

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const AUTH_SECRET = 'bench-leads-secret-of-at-least-thirty-two-characters';

export type ServerProcess = {
  baseUrl: string;
  pid: number;
  /** What the process printed so far (for an error message). */
  output: () => string;
  stop: () => Promise<void>;
};

function freePort() {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = (probe.address() as AddressInfo) ?? { port: 0 };
      probe.close(() => resolve(port));
    });
  });
}

/** The server on the bench data, started like production (no demo seeding), ready when it says so. */
export async function startServerProcess(data: { dataDir: string } | { databaseUrl: string }) {
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [
      // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops.
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      '--import',
      'tsx',
      'src/index.ts',
    ],
    {
      cwd: apiDir,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        AUTH_SECRET,
        // Production's level: the intake's one line per enquiry is part of its cost.
        LOG_LEVEL: 'info',
        SEED_DEMO: 'false',
        // Each enquiry says its own client address: the per-address spam limit is not what is measured.
        TRUST_PROXY: 'true',
        ...('dataDir' in data ? { DATA_DIR: data.dataDir } : { DATABASE_URL: data.databaseUrl }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Read everything it prints: a full pipe would stop the server.
  child.stdout!.on('data', (chunk) => {
    output = (output + chunk).slice(-20_000);
  });
  child.stderr!.on('data', (chunk) => {
    output = (output + chunk).slice(-20_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const ready = () => {
      if (output.includes('"portal ready"')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', ready);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  let stopping: Promise<void> | undefined;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => output,
    stop: () => {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exited;
      })();
      return stopping;
    },
  } satisfies ServerProcess;
}

/** The process's resident memory (Linux), in bytes. */
export function residentBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

/** Signs a demo account in on the server process; answers its session cookie. */
export async function signIn(server: ServerProcess, email: string) {
  const response = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: server.baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email}: ${response.status}`);
  await response.arrayBuffer();
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Every lead as CSV, read as fast as the client can, uncompressed and then as a browser asks for it
 * (gzip, br: the API compresses): time to the first byte and to the first lead's line, the total, and
 * how far the server's resident memory rose above what it held just before (the first run's growth
 * stays in the heap, so the second's is what it adds beyond).
 */
export async function benchExport(server: ServerProcess, email: string, expectedRows: number) {
  const cookie = await signIn(server, email);
  const url = `${server.baseUrl}${API_PATHS.leadsExport}`;
  // A small export first: what a first export loads once (modules, prepared plans) is not its growth.
  const warm = await fetch(`${url}?status=NEW&from=${new Date().toISOString().slice(0, 10)}`, {
    headers: { origin: server.baseUrl, cookie },
  });
  await warm.arrayBuffer();
  for (const encoding of ['identity', 'gzip, deflate, br']) {
    await exportOnce(
      server,
      url,
      { origin: server.baseUrl, cookie, 'accept-encoding': encoding },
      expectedRows,
    );
  }
}

async function exportOnce(
  server: ServerProcess,
  url: string,
  headers: Record<string, string>,
  expectedRows: number,
) {
  const before = residentBytes(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(server.pid));
  }, 50);
  try {
    const started = performance.now();
    const response = await fetch(url, { headers });
    if (response.status !== 200) throw new Error(`export: ${response.status} ${await response.text()}`);
    const reader = response.body!.getReader();
    let firstByte = 0;
    let firstRow = 0;
    let bytes = 0;
    let lines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!firstByte) firstByte = performance.now() - started;
      bytes += value.length;
      for (const byte of value) if (byte === 10) lines += 1;
      if (!firstRow && lines >= 2) firstRow = performance.now() - started;
    }
    const total = performance.now() - started;
    peak = Math.max(peak, residentBytes(server.pid));
    // The header line, then one line per lead (a message with a line break would add one: none here).
    const leads = lines - 1;
    const sent = response.headers.get('content-encoding') ?? 'identity';
    console.log(
      `      ${`asked ${headers['accept-encoding']}, sent ${sent}:`.padEnd(44)} first byte ${firstByte.toFixed(0)} ms, first lead ${firstRow.toFixed(0)} ms, all ${leads.toLocaleString('en-AU')} leads (${mb(bytes)} of CSV) in ${(total / 1000).toFixed(1)} s (${Math.round(leads / (total / 1000)).toLocaleString('en-AU')} rows/s)`,
    );
    console.log(
      `      ${''.padEnd(44)} server memory ${mb(before)} before, peak ${mb(peak)}: growth ${mb(peak - before)}${leads === expectedRows ? '' : ` (expected ${expectedRows} rows!)`}`,
    );
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Enquiries on one selling listing from `connections` clients for `seconds`, each from a buyer (email,
 * phone, client address) of its own, with a form token made as the page would have made it 10 s
 * before. Answers the emails of the enquiries the server acknowledged (201).
 */
export async function benchIntake(
  server: ServerProcess,
  options: { seconds: number; connections: number; projectId: number },
) {
  const acknowledged: string[] = [];
  const latencies: number[] = [];
  const refused = new Map<number, number>();
  const run = `${Date.now().toString(36)}`;
  let sequence = 0;
  type Context = { email?: string; started?: number };
  const result = await autocannon({
    url: server.baseUrl,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/enquiries',
        setupRequest: (request, context: Context) => {
          sequence += 1;
          const n = sequence;
          context.email = `intake-${run}-${n}@example.com`;
          context.started = performance.now();
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: JSON.stringify(enquiryBody(options.projectId, context.email, n, AUTH_SECRET)),
          };
        },
        onResponse: (status: number, _body: string, context: Context) => {
          latencies.push(performance.now() - (context.started ?? 0));
          if (status === 201) acknowledged.push(context.email!);
          else refused.set(status, (refused.get(status) ?? 0) + 1);
        },
      },
    ],
  });
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0;
  console.log(
    `      ${acknowledged.length.toLocaleString('en-AU')} enquiries acknowledged in ${options.seconds} s: ${(acknowledged.length / options.seconds).toFixed(0)}/s, latency p50 ${at(50).toFixed(1)} ms, p95 ${at(95).toFixed(1)} ms${refused.size ? `; other answers ${JSON.stringify(Object.fromEntries(refused))}` : ''}${result.errors ? `; ${result.errors} errors` : ''}`,
  );
  return acknowledged;
}
