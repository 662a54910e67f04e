import { createHash } from 'node:crypto';
import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

const dialect = new PgDialect();

const MAX_KEPT_NAMES = 1000;
const names = new Map<string, string>();

/**
 * The name of a prepared statement, from its text: one text, one name, so a name can never be asked to
 * stand for two statements on one connection (node-postgres refuses that), and a statement whose text
 * varies (a list of two values or three) is prepared once per text.
 */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `s_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    // The hot statements are few; a caller sending endless new texts cannot grow this without bound.
    if (names.size >= MAX_KEPT_NAMES) names.clear();
    names.set(text, name);
  }
  return name;
}

/** Runs a built statement, named by its text on PostgreSQL (parsed once per connection), plain on PGlite. */
async function runNamed<Row>(db: Db, query: Query, values?: Record<string, unknown>): Promise<Row[]> {
  const result = await db._.session
    .prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(
      query,
      undefined,
      statementName(query.sql),
      false,
    )
    .execute(values);
  return result.rows;
}

/**
 * Runs a hand-written statement (`sql` with a CTE drizzle's builder cannot write) as a named prepared
 * statement on PostgreSQL: each connection parses it once, not on every call (decision 022; hot paths
 * such as the enquiry intake, bench:leads). Plain on PGlite. Answers the rows as the driver reads them
 * (column names as written, values as the driver parses them).
 */
export function executePrepared<Row>(db: Db, query: SQL): Promise<Row[]> {
  return runNamed<Row>(db, dialect.sqlToQuery(query));
}

/**
 * A hand-written statement built once per process: what changes from call to call is a placeholder
 * (`sql.placeholder('email')`, or a builder's `.values({ email: sql.placeholder('email') })`), filled
 * in at each call. Building drizzle SQL costs about as much as a round trip on the hot paths (bench:
 * leads). `build` gets the first caller's database only to reach drizzle's builders; the text is the
 * same for every database. Runs as `executePrepared` does (named on PostgreSQL).
 */
export function preparedStatement<Row>(build: (db: Db) => SQL) {
  let query: Query | undefined;
  return (db: Db, values: Record<string, unknown>): Promise<Row[]> => {
    query ??= dialect.sqlToQuery(build(db));
    return runNamed<Row>(db, query, values);
  };
}
