import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type DataDirLock, lockDataDir } from '../lib/data-dir-lock.ts';
import { type AuthChanges, pgliteAuthChanges, postgresAuthChanges } from './auth-changes.ts';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Set for the embedded database: pg-boss and tests talk to it directly. */
  pglite?: PGlite;
  /** Set for a PostgreSQL server (through the transaction pooler when there is one). */
  pool?: pg.Pool;
  /**
   * The server's own URL, for clients that need a session of their own (the job queue, migrations and
   * their advisory lock, LISTEN): DIRECT_DATABASE_URL behind a transaction pooler, else the pool's URL.
   */
  connectionString?: string;
  /** True when `pool` goes through a transaction-pooling proxy (PgBouncer): no session state between statements. */
  pooled?: boolean;
  /** Changes to session and user rows, from any process (decision 023). */
  authChanges: AuthChanges;
  close(): Promise<void>;
};

/**
 * The embedded database's page cache. It lives in the portal's own process (PostgreSQL's default,
 * 128 MB, is PGlite's too): a first read of a large table, such as an export of a million leads, grew
 * the process by 176 MB (bench:leads). 48 MB holds the demo data many times over and the hot pages of
 * a million leads; colder pages come from the operating system's file cache.
 */
const PGLITE_SHARED_BUFFERS = '48MB';

/**
 * A connection for a transaction-pooling proxy: PgBouncer (1.18 in Debian 12) hands each transaction to
 * any server connection, where a statement prepared by name in an earlier one does not exist. Every
 * statement goes unnamed (parsed each time, as the project search already is).
 */
class UnnamedStatementClient extends pg.Client {}
const namedQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
UnnamedStatementClient.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  if (config && typeof config === 'object' && 'name' in config && !('submit' in config)) {
    const { name: _unnamed, ...unnamed } = config as { name?: unknown };
    return namedQuery.call(this, unnamed, ...rest);
  }
  return namedQuery.call(this, config, ...rest);
} as typeof pg.Client.prototype.query;

/**
 * The pool as Drizzle sees it. Drizzle 0.45's `transaction()` sends BEGIN before the try/finally that
 * gives its connection back (drizzle-orm issues 6023, 6241, open), so a BEGIN that fails leaks one pool
 * connection for good. Behind PgBouncer that is every transaction begun while the server restarts
 * ("server login has been failing"): the pool ran dry and /readyz never came back (the fleet fault
 * test). Here a connection whose first statement fails is given back, as broken, so the pool drops it.
 * Only Drizzle takes connections this way; the pool's other users release their own.
 */
function releasingFailedBegin(pool: pg.Pool): pg.Pool {
  const connect = async () => {
    const client = await pool.connect();
    client.query = function firstQuery(this: pg.PoolClient, ...args: unknown[]) {
      // Own property gone: later statements of this checkout and later checkouts query as usual.
      delete (client as Partial<pg.PoolClient>).query;
      const answer = (client.query as (...a: unknown[]) => unknown).apply(this, args);
      if (answer instanceof Promise) {
        return answer.catch((error: Error) => {
          client.release(error);
          throw error;
        });
      }
      return answer;
    } as typeof client.query;
    return client;
  };
  return new Proxy(pool, {
    get: (target, property) => {
      if (property === 'connect') return connect;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** PGlite under DATA_DIR by default; a PostgreSQL server when a URL is given. */
export async function openDatabase(options: {
  databaseUrl?: string;
  /** The server itself when `databaseUrl` is a transaction-pooling proxy (issue 20, decision 042). */
  directDatabaseUrl?: string;
  dataDir?: string;
  /** Told when the server drops an idle pooled connection (restart, failover); the pool reconnects. */
  onConnectionError?: (error: Error) => void;
  /**
   * An in-memory PGlite that starts as a copy of this dump of a data folder (`dumpDataDir`): the tests
   * start each file from one migrated template instead of running initdb and every migration again.
   */
  pgliteStartFrom?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) {
    const direct = options.directDatabaseUrl ?? options.databaseUrl;
    const pooled = options.directDatabaseUrl !== undefined;
    const authChanges = postgresAuthChanges(direct);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // Named statements keep PostgreSQL's default plan cache: they are point lookups (a session, an
      // enquiry's admission), whose generic plan is as good as a custom one and skips re-planning. The
      // project search, whose best plan depends on its values, runs unnamed (decision 022). Behind a
      // transaction pooler neither a named statement nor LISTEN outlives its transaction (decision 042).
      ...(pooled ? { Client: UnnamedStatementClient } : { onConnect: authChanges.listenOn }),
    });
    // Without a listener, pg turns an idle connection's error into an uncaught exception.
    pool.on('error', options.onConnectionError ?? (() => {}));
    // The pool's listener is only on idle connections. One checked out between two statements of a
    // transaction when the server goes (a restart; PgBouncer's "server conn crashed?") would end the
    // process the same way: here its next statement fails instead, and the pool drops it on release.
    pool.on('connect', (client) => client.on('error', () => {}));
    await authChanges.start();
    try {
      await pool.query('select 1');
    } catch (error) {
      await authChanges.close();
      await pool.end();
      throw error;
    }
    return {
      db: drizzleNodePg(releasingFailedBegin(pool), { schema }) as unknown as Db,
      kind: 'postgres',
      pool,
      connectionString: direct,
      pooled,
      authChanges,
      close: async () => {
        await authChanges.close();
        await pool.end();
      },
    };
  }
  let dataDir: string | undefined;
  let lock: DataDirLock | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
    // PGlite does not lock its files: a second process would open them too and both would diverge.
    lock = await lockDataDir(options.dataDir);
  }
  // No dataDir: an in-memory database (tests), private to this process, so no lock.
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dataDir, {
      ...(options.pgliteStartFrom && !dataDir ? { loadDataDir: options.pgliteStartFrom } : {}),
      extensions: { pg_trgm },
      postgresqlconf: [`shared_buffers = ${PGLITE_SHARED_BUFFERS}`],
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  let authChanges: AuthChanges;
  try {
    authChanges = await pgliteAuthChanges(pglite);
  } catch (error) {
    await pglite.close();
    lock?.release();
    throw error;
  }
  return {
    db: drizzlePglite(pglite, { schema }) as unknown as Db,
    kind: 'pglite',
    pglite,
    authChanges,
    close: async () => {
      try {
        await authChanges.close();
        await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}
