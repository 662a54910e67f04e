import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Set for the embedded database: pg-boss and tests talk to it directly. */
  pglite?: PGlite;
  /** Set for a PostgreSQL server. */
  pool?: pg.Pool;
  close(): Promise<void>;
};

/** PGlite under DATA_DIR by default; a PostgreSQL server when a URL is given. */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    await pool.query('select 1');
    return {
      db: drizzleNodePg(pool, { schema }) as unknown as Db,
      kind: 'postgres',
      pool,
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
  }
  // No dataDir: an in-memory database (tests).
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  return {
    db: drizzlePglite(pglite, { schema }) as unknown as Db,
    kind: 'pglite',
    pglite,
    close: () => pglite.close(),
  };
}
