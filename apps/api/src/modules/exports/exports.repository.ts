import {
  EXPORT_AUDIT_ACTION,
  type ExportAuditData,
  type ExportDataset,
  type ExportRange,
  maskLeadContact,
  RECENT_EXPORTS_LIMIT,
  type RecentExport,
} from '@offplan/shared';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import Cursor from 'pg-cursor';
import type { Database, Db } from '../../db/client.ts';
import { auditLog, user } from '../../db/schema/index.ts';
import { LEAD_DATE_TIME_ZONE, startOfDayIn } from '../leads/leads.repository.ts';
import { EXPORT_QUERIES, type ExportDatasetQuery, type ExportRow } from './exports.datasets.ts';

/**
 * Rows per read: about 150 KB of lead CSV. bench:leads found 500 keeps a million-row export's memory
 * flat (larger batches outlive a young-generation collection); bench:export measures this module.
 */
export const EXPORT_BATCH_SIZE = 500;

/** One export's rows, read in batches; `next()` answers [] when none are left. */
export type ExportSource = {
  expectedRows: number;
  /** `cursor` on PostgreSQL (a server-side portal), `keyset` on PGlite. */
  reader: 'cursor' | 'keyset';
  next(): Promise<ExportRow[]>;
  /** Ends the query and gives the connection back; safe to call twice. */
  close(): Promise<void>;
};

const dialect = new PgDialect();

const nextDay = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
};

/** Created on or after `from`'s first instant and before the day after `to` starts, in Sydney. */
function rangeConditions(query: ExportDatasetQuery, range: ExportRange): SQL[] {
  const bound = (day: string) => {
    const instant = startOfDayIn(day, LEAD_DATE_TIME_ZONE).toISOString();
    return query.withTimeZone
      ? sql`${instant}::timestamptz`
      : sql`(${instant}::timestamptz at time zone 'UTC')`;
  };
  const conditions: SQL[] = [];
  if (range.from) conditions.push(sql`${query.createdAt} >= ${bound(range.from)}`);
  if (range.to) conditions.push(sql`${query.createdAt} < ${bound(nextDay(range.to))}`);
  return conditions;
}

const whereOf = (conditions: SQL[]) =>
  conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;

function countQuery(query: ExportDatasetQuery, range: ExportRange) {
  return sql`select count(*)::int as rows from ${query.table} ${whereOf(rangeConditions(query, range))}`;
}

type Keyset = { at: string; id: string | number };

/** The dataset in creation order (oldest first, then id): a ledger, read the same way on both databases. */
function rowsQuery(query: ExportDatasetQuery, range: ExportRange, after?: Keyset | null, limit?: number) {
  const conditions = rangeConditions(query, range);
  if (after) {
    const type = sql.raw(query.withTimeZone ? 'timestamptz' : 'timestamp');
    conditions.push(sql`(${query.createdAt}, ${query.id}) > (${after.at}::${type}, ${after.id})`);
  }
  const nulls = sql.raw(query.nullsFirst ? ' nulls first' : '');
  return sql`select ${query.select}, ${query.createdAt}::text as "__at", ${query.id} as "__id"
    from ${query.table} ${query.joins} ${whereOf(conditions)}
    order by ${query.createdAt}${nulls}, ${query.id}${nulls}${limit ? sql` limit ${sql.raw(String(limit))}` : sql``}`;
}

/** The rows the range holds (the page's figure before an export). */
export async function countExportRows(db: Db, dataset: ExportDataset, range: ExportRange): Promise<number> {
  const result = await db.execute(countQuery(EXPORT_QUERIES[dataset], range));
  return Number((result as unknown as { rows: { rows: number }[] }).rows[0]?.rows ?? 0);
}

/**
 * Opens an export. PostgreSQL: one pooled connection, a read-only repeatable-read transaction (the
 * count and the rows see one snapshot, so the progress figure is exact), and a server-side cursor read
 * `EXPORT_BATCH_SIZE` rows at a time. PGlite is one connection for the whole process: a transaction
 * held open for a slow download would stop every other request, so it reads keyset pages instead,
 * each a short query on (created_at, id).
 */
export async function openExport(
  database: Database,
  dataset: ExportDataset,
  range: ExportRange,
  options: { seesContacts: boolean; batchSize?: number },
): Promise<ExportSource> {
  const query = EXPORT_QUERIES[dataset];
  const batchSize = options.batchSize ?? EXPORT_BATCH_SIZE;
  const mask =
    dataset === 'leads' && !options.seesContacts
      ? (row: ExportRow) => ({ ...maskLeadContact(row), message: null, lostReason: null })
      : (row: ExportRow) => row;
  const source = database.pool
    ? await openCursor(database.pool, query, range, batchSize)
    : await openKeysetPages(database.db, query, range, batchSize);
  return {
    ...source,
    next: async () => (await source.next()).map(mask),
  };
}

async function openCursor(
  pool: NonNullable<Database['pool']>,
  query: ExportDatasetQuery,
  range: ExportRange,
  batchSize: number,
): Promise<ExportSource> {
  const client = await pool.connect();
  let cursor: Cursor<ExportRow> | undefined;
  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= (async () => {
      try {
        await cursor?.close();
        await client.query('rollback');
        client.release();
      } catch (error) {
        // A connection that failed is not given back to the pool.
        client.release(error as Error);
      }
    })();
    return closed;
  };
  try {
    await client.query('begin isolation level repeatable read, read only');
    // A cursor opened through the protocol (not DECLARE) is planned for all its rows, where a sort of
    // the table can cost less than walking an index; the export wants its first rows at once, so it
    // walks the (created_at, id) index wherever one gives the order (bench:export).
    await client.query('set local enable_sort = off');
    const counted = dialect.sqlToQuery(countQuery(query, range));
    const { rows } = await client.query<{ rows: number }>(counted.sql, counted.params);
    const { sql: text, params } = dialect.sqlToQuery(rowsQuery(query, range));
    cursor = client.query(new Cursor<ExportRow>(text, params));
    return {
      expectedRows: Number(rows[0]?.rows ?? 0),
      reader: 'cursor',
      next: async () => (closed ? [] : cursor!.read(batchSize)),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function openKeysetPages(
  db: Db,
  query: ExportDatasetQuery,
  range: ExportRange,
  batchSize: number,
): Promise<ExportSource> {
  const expectedRows = Number(
    (
      (await db.execute(countQuery(query, range))) as unknown as {
        rows: { rows: number }[];
      }
    ).rows[0]?.rows ?? 0,
  );
  let after: Keyset | null = null;
  let done = false;
  return {
    expectedRows,
    reader: 'keyset',
    next: async () => {
      if (done) return [];
      const result = (await db.execute(rowsQuery(query, range, after, batchSize))) as unknown as {
        rows: ExportRow[];
      };
      const last = result.rows.at(-1);
      if (result.rows.length < batchSize || !last) done = true;
      else after = { at: last.__at, id: last.__id };
      return result.rows;
    },
    close: async () => {
      done = true;
    },
  };
}

/** The most recent exports, from the audit log: who, what, how many rows, how it ended. */
export async function recentExports(db: Db, limit = RECENT_EXPORTS_LIMIT): Promise<RecentExport[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorName: user.name,
      actorEmail: user.email,
      data: auditLog.data,
    })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorUserId))
    .where(and(eq(auditLog.action, EXPORT_AUDIT_ACTION)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map((row) => {
    const data = row.data as ExportAuditData;
    return {
      id: row.id,
      at: row.at.toISOString(),
      actorName: row.actorName,
      actorEmail: row.actorEmail,
      dataset: data.dataset,
      from: data.from,
      to: data.to,
      rows: data.rows,
      expectedRows: data.expectedRows,
      outcome: data.outcome,
    };
  });
}
