import { Column, type DriverValueDecoder, is, type Query, SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** The flat columns of a select: table columns and `sql` expressions, by result key. */
type SelectColumns = Record<string, Column | SQL | SQL.Aliased>;

/**
 * A drizzle select built with `db.select(columns)`: its columns (typed by drizzle as what may be read
 * back, so only checked when read), its row type and its SQL.
 */
type FlatSelect = { _: { selectedFields: object; result: unknown[] }; toSQL(): Query };

type Decoder = DriverValueDecoder<unknown, unknown>;
type RowReader = (values: unknown[], decoders: Decoder[]) => unknown;

/** The decoder drizzle's own reader uses for a field (an `sql` expression keeps it, unexposed in its types). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL.Aliased)) return (field.sql as unknown as { decoder: Decoder }).decoder;
  throw new Error('prepareSelect reads flat selects only (table columns and sql expressions).');
}

/** One reader per column set (searches of many shapes select the same columns). */
const readers = new WeakMap<SelectColumns, { readRow: RowReader; decoders: Decoder[] }>();

function readerFor(columns: SelectColumns) {
  let reader = readers.get(columns);
  if (!reader) {
    // drizzle writes a flat select's columns in the order of its keys.
    const keys = Object.keys(columns);
    const decoders = Object.values(columns).map(decoderOf);
    // One object literal with its keys written out, compiled once: V8 keeps such rows in their fast
    // form (a hidden class). The keys are this codebase's own column names, quoted by JSON.stringify.
    const readRow = new Function(
      'values',
      'decoders',
      `return { ${keys
        .map(
          (key, i) =>
            `${JSON.stringify(key)}: values[${i}] === null ? null : decoders[${i}].mapFromDriverValue(values[${i}])`,
        )
        .join(', ')} };`,
    ) as RowReader;
    reader = { readRow, decoders };
    readers.set(columns, reader);
  }
  return reader;
}

/**
 * A select prepared as drizzle's `.prepare()` prepares it, whose rows are read in V8's fast object form
 * (decision 022). drizzle's own reader works out each cell's kind of field again on every row and builds
 * each row key by key; past a dozen keys V8 turns such a row into a dictionary, and every later read of
 * it is a hash lookup. Here each row is one object literal, with the same decoders and the same result
 * type. For hot selects of flat columns (`db.select({ ... })` of columns and `sql` expressions).
 *
 * `name` makes a named statement on PostgreSQL (parsed once per connection); without it, unnamed.
 */
export function prepareSelect<TSelect extends FlatSelect>(db: Db, query: TSelect, name?: string) {
  const { readRow, decoders } = readerFor(query._.selectedFields as SelectColumns);
  const readRows = (rows: unknown[][]) => rows.map((values) => readRow(values, decoders));
  return db._.session.prepareQuery<{ execute: TSelect['_']['result']; all: unknown; values: unknown }>(
    query.toSQL(),
    undefined,
    name,
    true,
    readRows as (rows: unknown[][]) => TSelect['_']['result'],
  );
}
