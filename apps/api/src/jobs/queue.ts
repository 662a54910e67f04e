import { fromPglite, PgBoss } from 'pg-boss';
import type { Database } from '../db/client.ts';
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
