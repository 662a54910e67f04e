import { Column, type DriverValueDecoder, is, type Query, SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from './client.ts';

/** The flat columns of a select: table columns and `sql` expressions, by result key. */
export type SelectColumns = Record<string, Column | SQL | SQL.Aliased>;

type Decoder = DriverValueDecoder<unknown, unknown>;

/** The decoder drizzle's own reader uses for a field (an `sql` expression keeps it, unexposed in its types). */
function decoderOf(field: Column | SQL | SQL.Aliased): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL.Aliased)) return (field.sql as unknown as { decoder: Decoder }).decoder;
  throw new Error('prepareSelect reads flat selects only (table columns and sql expressions).');
}

/**
 * A select prepared as drizzle's `.prepare()` prepares it, whose rows are read by a reader compiled
 * once: each column's key and decoder are looked up when the statement is prepared, not for every
 * cell, and each row is one object literal. drizzle's own reader works out each cell's kind of field
 * again on every row and builds rows key by key (decision 022: with what reading such rows costs, a
 * tenth of a millisecond per search page here). Same values, same decoders, same result type; for hot
 * statements with flat columns only.
 *
 * `name` makes a named statement on PostgreSQL (parsed once per connection); without it, unnamed.
 */
export function prepareSelect<TColumns extends SelectColumns>(
  db: Db,
  query: { toSQL(): Query },
  columns: TColumns,
  name?: string,
) {
  // drizzle writes a flat select's columns in the order of its keys.
  const keys = Object.keys(columns);
  const decoders = Object.values(columns).map(decoderOf);
  type Row = SelectResultFields<TColumns>;
  // One object literal with its keys written out, compiled once: V8 keeps such rows in their fast form
  // (a hidden class). Rows built key by key, as drizzle's reader builds them, turn into dictionaries
  // past a dozen keys, and every read of them afterwards is a hash lookup. The keys are this module's
  // callers' own column names, quoted by JSON.stringify.
  const readRow = new Function(
    'values',
    'decoders',
    `return { ${keys
      .map(
        (key, i) =>
          `${JSON.stringify(key)}: values[${i}] === null ? null : decoders[${i}].mapFromDriverValue(values[${i}])`,
      )
      .join(', ')} };`,
  ) as (values: unknown[], decoders: Decoder[]) => Row;
  const readRows = (rows: unknown[][]): Row[] => rows.map((values) => readRow(values, decoders));
  return db._.session.prepareQuery<{ execute: Row[]; all: unknown; values: unknown }>(
    query.toSQL(),
    undefined,
    name,
    true,
    readRows,
  );
}
