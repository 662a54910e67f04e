import { is, sql } from 'drizzle-orm';
import { type AnyPgColumn, PgTimestamp } from 'drizzle-orm/pg-core';

/**
 * A not-null `timestamp with time zone` column as `Date.prototype.toISOString` writes it
 * (`2026-10-31T23:53:26.750Z`), written by the database. For lists that send many timestamps: on Node
 * 20, reading one into a Date and writing it out again costs about 2 µs, against well under 1 µs for
 * PostgreSQL's `to_char` (decision 022). A column without a time zone would be read in the session's
 * time zone, so only time-zone columns are taken.
 */
export function isoTimestamp(column: AnyPgColumn<{ columnType: 'PgTimestamp'; notNull: true }>) {
  if (!is(column, PgTimestamp) || !column.withTimezone || !column.notNull) {
    throw new Error(`isoTimestamp takes not-null timestamptz columns; ${column.name} is not one.`);
  }
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
