/**
 * What the HTTP benchmarks share (bench:fleet, bench:http): a bounded autocannon load that keeps the
 * latency of each expected answer, a bare `node:http` process sending fixed bytes to compare with, the
 * median of runs, and the check that the production build is not older than the source it measures.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { percentile } from './bench-measure.ts';

export type Measurement = {
  requestsPerSecond: number;
  p95: number;
  otherAnswers: Map<string, number>;
  /** Expected answers counted. */
  answered: number;
};
export type Load = { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string };

export const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export function summarise(
  latencies: number[],
  expected: number,
  elapsedMs: number,
  otherAnswers: Map<string, number>,
) {
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: expected / (elapsedMs / 1000),
    p95: latencies.length ? percentile(latencies, 95) : Number.NaN,
    otherAnswers,
    answered: expected,
  } satisfies Measurement;
}

export const countAnswer = (answers: Map<string, number>, key: string) =>
  answers.set(key, (answers.get(key) ?? 0) + 1);

/**
 * `connections` keep-alive clients for `seconds` with autocannon; each expected answer's latency is
 * kept (any other status is counted apart: a fast error is not a served request).
 */
export function autocannonLoad(
  load: Load,
  expectedStatus: number,
  { connections, seconds }: { connections: number; seconds: number },
): Promise<Measurement> {
  const latencies: number[] = [];
  const otherAnswers = new Map<string, number>();
  let expected = 0;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: load.url,
        method: load.method ?? 'GET',
        headers: load.headers,
        body: load.body,
        connections,
        duration: seconds,
      },
      (error, result) => {
        if (error) return reject(error);
        if (result.errors) otherAnswers.set('connection errors', result.errors);
        resolve(summarise(latencies, expected, performance.now() - started, otherAnswers));
      },
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (status === expectedStatus) {
        expected += 1;
        latencies.push(responseTime);
      } else countAnswer(otherAnswers, String(status));
    });
  });
}

/** What the bare server sends for one path: the status, headers and body the portal sent. */
export type BareAnswer = { path: string; status: number; headers: Headers; body: Uint8Array };

/** The code of the bare server: one process answering each known path with its fixed bytes. */
const BARE_SERVER = `
const http = require('node:http');
const answers = new Map(JSON.parse(require('node:fs').readFileSync(process.argv[1], 'utf8')).map(
  ({ path, status, headers, body }) => {
    const bytes = Buffer.from(body, 'base64');
    return [path, { status, bytes, headers: { ...headers, 'content-length': bytes.length } }];
  },
));
const server = http.createServer((request, response) => {
  request.resume();
  const answer = answers.get(request.url);
  if (!answer) {
    response.writeHead(404);
    return response.end();
  }
  response.writeHead(answer.status, answer.headers);
  response.end(answer.bytes);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

/** Headers node:http writes itself for each answer: the bare server's own, not copied. */
const PER_CONNECTION = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length']);

/** A bare `node:http` process sending each answer's bytes with its own headers (not the per-connection ones). */
export async function startBareServer(answers: BareAnswer[]) {
  const folder = mkdtempSync(path.join(tmpdir(), 'offplan-bench-bare-'));
  const answersFile = path.join(folder, 'answers.json');
  writeFileSync(
    answersFile,
    JSON.stringify(
      answers.map((answer) => ({
        path: answer.path,
        status: answer.status,
        headers: Object.fromEntries([...answer.headers].filter(([name]) => !PER_CONNECTION.has(name))),
        body: Buffer.from(answer.body).toString('base64'),
      })),
    ),
  );
  const child: ChildProcess = spawn(process.execPath, ['-e', BARE_SERVER, answersFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** The benchmarks run the production build: a source file newer than it means the figures are of old code. */
export function warnIfBuildIsOlderThanSource(apiDir: string) {
  const built = statSync(path.join(apiDir, 'dist/index.js'), { throwIfNoEntry: false });
  if (!built) throw new Error('apps/api/dist/index.js is missing: run `npm run build` first');
  const newer = readdirSync(path.join(apiDir, 'src'), { recursive: true, encoding: 'utf8' }).find(
    (file) =>
      file.endsWith('.ts') &&
      !file.endsWith('.test.ts') &&
      statSync(path.join(apiDir, 'src', file)).mtimeMs > built.mtimeMs,
  );
  if (newer)
    console.warn(`warning: apps/api/src/${newer} is newer than the build: \`npm run build\` to measure it`);
}

/**
 * CPU time a process has used so far, in ms (Linux `/proc/<pid>/stat` utime + stime, 10 ms ticks);
 * undefined elsewhere. Per request it is steadier than req/s on a shared machine: other work slows a
 * process down but does not make its requests cost more CPU.
 */
export function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 on: utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
/** Linux's USER_HZ: 100 on every common build. */
const CLOCK_TICKS_PER_SECOND = 100;
