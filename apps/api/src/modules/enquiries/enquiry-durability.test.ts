import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { organization, projects } from '../../db/schema/index.ts';
import { createFreshPostgresDatabase } from '../../test/test-app.ts';
import { LEAD_JOBS } from '../leads/lead-jobs.ts';
import { createEnquiryFormToken } from './enquiry-form-token.ts';

/**
 * Issue 16: "a 2xx means the lead survives a crash of the process that answered it". The real server
 * process takes enquiries from several clients at once and is killed with SIGKILL mid-stream; started
 * again on the same data (PGlite's data folder, with the dead process's lock left behind, or the
 * PostgreSQL database), every enquiry that was answered 201 is there exactly once, with its jobs.
 */

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const onPostgres = process.env.TEST_DB_KIND === 'postgres';
const AUTH_SECRET = 'durability-test-secret-of-forty-characters';
/** Clients sending at once, each one enquiry after another. */
const CLIENTS = 8;
/** Answered enquiries to wait for before the kill (the rest of the stream is cut off). */
const ANSWERED_BEFORE_KILL = 30;

const dataDir = mkdtempSync(path.join(tmpdir(), 'offplan-durability-'));
let fresh: Awaited<ReturnType<typeof createFreshPostgresDatabase>> | undefined;
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await fresh?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort() {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The data the server will run on: migrated, with one listing taking enquiries. */
async function openData(): Promise<Database> {
  return openDatabase(fresh ? { databaseUrl: fresh.url } : { dataDir });
}

async function prepareData() {
  fresh = onPostgres ? await createFreshPostgresDatabase() : undefined;
  const database = await openData();
  try {
    await migrateDatabase(database);
    await database.db
      .insert(organization)
      .values({ id: 'org-durable', name: 'Durable', slug: 'durable', createdAt: new Date() });
    const [project] = await database.db
      .insert(projects)
      .values({
        name: 'Durable Towers',
        title: 'Durable Towers',
        state: 'VIC',
        suburb: 'Docklands',
        prefix: 'vic',
        slug: 'durable-towers-docklands',
        salesStatus: 'SELLING_NOW',
        stage: 'COMMENCED',
        organisationId: 'org-durable',
      })
      .returning({ id: projects.id });
    return project!.id;
  } finally {
    await database.close();
  }
}

/** Starts the real entry point (src/index.ts) and waits for its "portal ready" line. */
async function startServer(port: number) {
  let output = '';
  const started = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: dataDir,
      AUTH_SECRET,
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      // Each enquiry below says its own client address, so the per-address limit stays out of the way.
      TRUST_PROXY: 'true',
      ...(fresh ? { DATABASE_URL: fresh.url } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = started;
  started.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  started.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 40_000);
    started.stdout!.on('data', () => {
      if (output.includes('"portal ready"')) {
        clearTimeout(timer);
        resolve();
      }
    });
    started.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return started;
}

let sequence = 0;
/** One enquiry through HTTP; answers its email when the server acknowledged it (201). */
async function enquire(
  baseUrl: string,
  projectId: number,
): Promise<{ email: string; status: number | 'failed' }> {
  sequence += 1;
  const email = `durable-${sequence}@example.test`;
  try {
    const response = await fetch(`${baseUrl}/api/enquiries`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.0.${Math.floor(sequence / 250)}.${sequence % 250}`,
      },
      body: JSON.stringify({
        projectId,
        formToken: createEnquiryFormToken(AUTH_SECRET, Date.now() - 10_000),
        name: `Buyer ${sequence}`,
        email,
        phone: `0413 ${String(sequence)
          .padStart(6, '0')
          .replace(/(\d{3})(\d{3})/, '$1 $2')}`,
        buyerType: 'INVESTOR',
        financeStatus: 'CASH',
        message: `Enquiry number ${sequence}`,
        consent: true,
      }),
    });
    await response.arrayBuffer();
    return { email, status: response.status };
  } catch {
    return { email, status: 'failed' };
  }
}

describe(`an acknowledged enquiry survives SIGKILL (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('after a kill mid-stream and a restart, every 201 is stored exactly once with its jobs', async () => {
    const projectId = await prepareData();
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const first = await startServer(port);
    const exited = new Promise<void>((resolve) => first.once('exit', () => resolve()));

    const results: { email: string; status: number | 'failed' }[] = [];
    let killed = false;
    const acknowledged = () => results.filter((result) => result.status === 201).length;
    const clients = Array.from({ length: CLIENTS }, async () => {
      // Each client keeps sending until its requests fail after the kill.
      while (true) {
        const result = await enquire(baseUrl, projectId);
        results.push(result);
        if (!killed && acknowledged() >= ANSWERED_BEFORE_KILL) {
          killed = true;
          first.kill('SIGKILL');
        }
        if (result.status === 'failed') return;
      }
    });
    await Promise.all(clients);
    // Reaped: the lock file still names its pid, which is now no process.
    await exited;

    const answered = results.filter((result) => result.status === 201).map((result) => result.email);
    expect(answered.length).toBeGreaterThanOrEqual(ANSWERED_BEFORE_KILL);
    // The kill cut requests off: the stream was really interrupted.
    expect(results.some((result) => result.status === 'failed')).toBe(true);
    expect(results.filter((result) => result.status !== 201 && result.status !== 'failed')).toEqual([]);

    // Started again on the same data, it takes enquiries again.
    const second = await startServer(port);
    const after = await enquire(baseUrl, projectId);
    expect(after.status).toBe(201);
    answered.push(after.email);
    // A clean stop lets the test open the embedded database itself.
    const stopped = new Promise<void>((resolve) => second.once('exit', () => resolve()));
    second.kill('SIGTERM');
    await stopped;

    const database = await openData();
    try {
      const stored = (await database.db.execute(sql`
        select l.email, count(*)::int as leads,
          (select count(*)::int from pgboss.job j where j.name = ${LEAD_JOBS.notify} and (j.data->>'leadId')::int = min(l.id)) as notify
        from leads l group by l.email`)) as unknown as {
        rows: { email: string; leads: number; notify: number }[];
      };
      const byEmail = new Map(stored.rows.map((row) => [row.email, row]));
      for (const email of answered) {
        expect(byEmail.get(email), email).toEqual({ email, leads: 1, notify: 1 });
      }
      // Nothing half-stored either: every lead there, acknowledged or cut off, has its job (which
      // writes the emails, the bell messages and the speed-to-lead check: lead-workers.test.ts).
      for (const row of stored.rows) expect(row, row.email).toMatchObject({ leads: 1, notify: 1 });
    } finally {
      await database.close();
    }
  }, 90_000);
});
