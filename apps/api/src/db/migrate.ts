import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from './client.ts';

/** Next to this file in the sources, and copied next to the bundle by scripts/build.mjs. */
export const defaultMigrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any fixed number: it serialises migrations between processes starting together on one server.
const MIGRATION_LOCK_ID = 727_001;

type Journal = { entries: { tag: string; when: number }[] };

/** The folder's journal, read once per process: the files do not change while it runs. */
const journals = new Map<string, Journal>();
function readJournal(migrationsFolder: string): Journal {
  let journal = journals.get(migrationsFolder);
  if (!journal) {
    journal = JSON.parse(
      readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as Journal;
    journals.set(migrationsFolder, journal);
  }
  return journal;
}

/**
 * Whether the folder's newest migration is the database's newest applied one, by one query: the row
 * Drizzle's migrator writes for it (the SQL file's SHA-256 and the journal's time). Drizzle's `migrate`
 * itself reads and hashes every file and runs four statements and a transaction even when nothing is
 * pending; a later start skips it (issue 21). No migrations table yet (a new database): not current.
 */
async function newestMigrationApplied(database: Database, migrationsFolder: string) {
  const newest = readJournal(migrationsFolder).entries.at(-1);
  if (!newest) return true;
  const hash = createHash('sha256')
    .update(readFileSync(path.join(migrationsFolder, `${newest.tag}.sql`)))
    .digest('hex');
  try {
    const result = (await database.db.execute(
      sql`select exists (select 1 from drizzle.__drizzle_migrations where hash = ${hash} and created_at = ${newest.when}) as applied`,
    )) as unknown as { rows: { applied: boolean }[] };
    return result.rows[0]?.applied === true;
  } catch {
    return false;
  }
}

/** Applies pending migrations; a no-op when current. Safe when several processes start at once. */
export async function migrateDatabase(database: Database, migrationsFolder = defaultMigrationsFolder) {
  if (await newestMigrationApplied(database, migrationsFolder)) return;
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  // A session of its own on the server itself: the advisory lock and the migration's transaction must
  // hold one connection throughout, which a transaction pooler would not give (decision 042).
  const client = new pg.Client({ connectionString: database.connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}

/** Whether every migration in the folder has been applied (GET /readyz). */
export async function migrationsAreCurrent(database: Database, migrationsFolder = defaultMigrationsFolder) {
  const latest = Math.max(...readJournal(migrationsFolder).entries.map((entry) => entry.when));
  const result = (await database.db.execute(
    sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { created_at: string | number | null }[] };
  const applied = Number(result.rows[0]?.created_at ?? 0);
  return applied >= latest;
}
