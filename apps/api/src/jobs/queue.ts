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
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite' })
    : new PgBoss({ connectionString: database.connectionString, max: 4 });
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
