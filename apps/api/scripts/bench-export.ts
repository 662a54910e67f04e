import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { EXPORT_API_PATHS, EXPORT_ROWS_HEADER } from '@offplan/shared';
import { openDatabase } from '../src/db/client.ts';
import { createScratchPostgresDatabase } from '../src/test/test-app.ts';
import { fillBenchData } from './bench-leads-fill.ts';
import { residentBytes, type ServerProcess, signIn, startServerProcess } from './bench-leads-server.ts';
import { percentile } from './bench-measure.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '3' },
  },
});
const rows = Number(values.rows);
const runs = Number(values.runs);
if (!Number.isInteger(rows) || rows < 1000 || !Number.isInteger(runs) || runs < 1) {
  console.error('usage: bench-export.ts [--rows N>=1000] [--runs N>=1]');
  process.exit(2);
}
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const ADMIN_EMAIL = 'admin@demo.offplan.test';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

type Run = {
  firstByte: number;
  firstRow: number;
  total: number;
  leads: number;
  bytes: number;
  growth: number;
};

/** One export of every lead, as a browser asks for it (it may compress; the export is not compressed). */
async function exportOnce(server: ServerProcess, cookie: string, query = ''): Promise<Run> {
  const before = residentBytes(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(server.pid));
  }, 50);
  try {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}${EXPORT_API_PATHS.exportCsv('leads')}${query}`, {
      headers: { origin: server.baseUrl, cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    if (response.status !== 200) throw new Error(`export: ${response.status} ${await response.text()}`);
    const expected = Number(response.headers.get(EXPORT_ROWS_HEADER));
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
    // The header line, then one line per lead (the bench's messages have no line breaks).
    const leads = lines - 1;
    if (leads !== expected) throw new Error(`export wrote ${leads} rows, its header said ${expected}`);
    return { firstByte, firstRow, total, leads, bytes, growth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

async function main() {
  console.log(
    `bench:export on ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(2)}: ${rows.toLocaleString('en-AU')} leads on PostgreSQL, ${runs} runs`,
  );
  const scratch = await createScratchPostgresDatabase(serverUrl, 'bench_export');
  let server: ServerProcess | undefined;
  try {
    const database = await openDatabase({ databaseUrl: scratch.url });
    await fillBenchData(database, rows, console.log);
    await database.close();
    server = await startServerProcess({ databaseUrl: scratch.url });
    const cookie = await signIn(server, ADMIN_EMAIL);
    // A small export first: what a first export loads once (modules, plans) is not its growth.
    const today = new Date().toISOString().slice(0, 10);
    await exportOnce(server, cookie, `?from=${today}`);
    const results: Run[] = [];
    for (let run = 1; run <= runs; run++) {
      const result = await exportOnce(server, cookie);
      results.push(result);
      console.log(
        `   run ${run}: first byte ${result.firstByte.toFixed(0)} ms, first lead ${result.firstRow.toFixed(0)} ms, ${result.leads.toLocaleString('en-AU')} leads (${mb(result.bytes)} of CSV) in ${(result.total / 1000).toFixed(1)} s = ${Math.round(result.leads / (result.total / 1000)).toLocaleString('en-AU')} rows/s; server memory growth ${mb(result.growth)}`,
      );
    }
    const firstByte = median(results.map((r) => r.firstByte));
    const growth = median(results.map((r) => r.growth));
    console.log(
      `\n   median of ${runs}: first byte ${firstByte.toFixed(0)} ms (target <= 1000), first lead ${median(results.map((r) => r.firstRow)).toFixed(0)} ms, ${Math.round(median(results.map((r) => r.leads / (r.total / 1000)))).toLocaleString('en-AU')} rows/s, ${(median(results.map((r) => r.total)) / 1000).toFixed(1)} s in all, memory growth ${mb(growth)} (target <= 100 MB)`,
    );
    console.log(`   worst memory growth ${mb(Math.max(...results.map((r) => r.growth)))}`);
  } finally {
    await server?.stop();
    await scratch.drop();
  }
}

await main();
process.exit(0);
