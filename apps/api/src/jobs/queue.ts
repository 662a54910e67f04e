import { fromPglite, PgBoss } from 'pg-boss';
import type { Database } from '../db/client.ts';
import { statementName } from '../db/prepared-statement.ts';
import type { Logger } from '../lib/logger.ts';

export type JobQueue = PgBoss;

/**
 * pg-boss on the portal's own database (embedded PGlite or the PostgreSQL server), so a job is
 * stored in the same place as the row that asked for it and survives restarts.
 */
export async function startJobQueue(database: Database, options: { logger: Logger }): Promise<JobQueue> {
  // The supervisor fails jobs whose claim expired (their process died, or the database went away
  // between a job's fetch and its completion) so they are retried: every 10 s rather than pg-boss's
  // 60 s, with the short expiries of the lead and CRM jobs, an acknowledged lead's follow-ups resume
  // within a minute or two of a crash instead of a quarter of an hour.
  const supervise = { superviseIntervalSeconds: 10 };
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', ...supervise })
    : new PgBoss({ connectionString: database.connectionString, max: 4, ...supervise });
  boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}

type SqlClient = {
  query(
    text: string | { name: string; text: string; values?: unknown[] },
    values?: unknown[],
  ): Promise<{ rows: unknown[] }>;
};

/**
 * pg-boss's connection option for a job sent inside a Drizzle transaction: the job row commits or
 * rolls back with the rows that asked for it (a lead is acknowledged only with its follow-up jobs,
 * issue 16). Both drivers' transactions hold the client that ran `begin` (PGlite's transaction, a
 * pooled node-postgres client), which answers pg-boss's `executeSql`.
 */
export function jobsInTransaction(tx: unknown) {
  const client = (tx as { session?: { client?: SqlClient } }).session?.client;
  if (!client || typeof client.query !== 'function') {
    throw new Error('jobsInTransaction needs a Drizzle transaction of the pglite or node-postgres driver');
  }
  // node-postgres (its pooled client has a `connection`) prepares each of pg-boss's statements once per
  // connection by name: the job insert is long, and parsing it was a fifth of the intake's database
  // time (bench:leads). PGlite's client takes text only.
  const named = 'connection' in client;
  return {
    db: {
      executeSql: (text: string, values?: unknown[]) =>
        named ? client.query({ name: statementName(text), text, values }) : client.query(text, values),
    },
  };
}

const NO_JOB = '00000000-0000-0000-0000-000000000000';

/**
 * Creates the queues (idempotent) and loads them into pg-boss's queue cache. A send inside a
 * transaction looks its queue up first; on the embedded database, whose one connection the open
 * transaction holds, a lookup outside it would wait for ever. Call before any `jobsInTransaction` send.
 */
export async function prepareQueues(queue: JobQueue, names: readonly string[]) {
  for (const name of names) {
    await queue.createQueue(name);
    await queue.findJobs(name, { id: NO_JOB });
  }
}

/**
 * How a queue of many small, independent jobs is worked: up to `batchSize` at a time, the next batch
 * fetched at once while batches come back full, each job settled on its own (a failure retries that
 * job alone, with the retry options it was sent with).
 *
 * One job per poll (`batchSize: 1`) drained about one job a second per process: under a steady stream
 * of enquiries the CRM fan-out fell minutes behind the leads it delivers (issue 20's fault test).
 * `parallel` runs a batch's jobs at once, for jobs that mostly wait on another server (a CRM webhook);
 * otherwise one after another, so a batch holds one pooled connection at a time. `workers` batches run
 * at once in each process (a slow job then holds up only its own batch).
 */
export async function workEach<T extends object>(
  queue: JobQueue,
  name: string,
  run: (data: T) => Promise<unknown>,
  {
    batchSize = 10,
    parallel = false,
    workers = 1,
  }: { batchSize?: number; parallel?: boolean; workers?: number } = {},
) {
  const settle = async (job: { id: string; data: T }) => {
    try {
      await run(job.data);
      return { id: job.id, status: 'completed' as const };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { id: job.id, status: 'failed' as const, output: { message } };
    }
  };
  await queue.work<T>(
    name,
    {
      batchSize,
      localConcurrency: workers,
      pollingIntervalSeconds: 1,
      burstWhenBatchFull: true,
      perJobResults: true,
    },
    async (jobs) => {
      if (parallel) return Promise.all(jobs.map(settle));
      const results = [];
      for (const job of jobs) results.push(await settle(job));
      return results;
    },
  );
}
