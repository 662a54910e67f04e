import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

type Rows<Row> = { rows: Row[] };

/** Months of partitions kept ready: the current one and the next two (decision 028). */
export const PARTITION_MONTHS_AHEAD = 3;

/** The partition of one UTC month, as `ensure_listing_event_partitions` names it. */
const PARTITION_NAME = /^listing_events_(\d{4})_(\d{2})$/;

/**
 * Makes the missing partitions of the current UTC month and the next two (the migration's function,
 * under its advisory lock, so processes starting together take turns). Answers how many it made.
 */
export async function ensureListingEventPartitions(db: Db, now = new Date()): Promise<number> {
  const month = `${now.toISOString().slice(0, 7)}-01`;
  const result = (await db.execute(
    sql`select ensure_listing_event_partitions(${month}::date, ${PARTITION_MONTHS_AHEAD}) as created`,
  )) as unknown as Rows<{ created: number }>;
  return Number(result.rows[0]?.created ?? 0);
}

/** The partitions of `listing_events`, by name, with the first day after their month (UTC). */
async function listingEventPartitions(db: Db) {
  const result = (await db.execute(sql`
    select child.relname as name
    from pg_inherits
    join pg_class child on child.oid = pg_inherits.inhrelid
    where pg_inherits.inhparent = 'listing_events'::regclass`)) as unknown as Rows<{ name: string }>;
  return result.rows.flatMap(({ name }) => {
    const match = PARTITION_NAME.exec(name);
    if (!match) return [];
    const [, year, month] = match as unknown as [string, string, string];
    return [{ name, monthEnd: new Date(Date.UTC(Number(year), Number(month), 1)) }];
  });
}

/**
 * Retention (decision 028): detaches and drops each partition whose whole month ended before `cutoff`,
 * so old events go a month at a time without deleting rows; the rollups are kept for ever. A partition
 * still holding events the rollup has not taken (a rollup held back by a long transaction) is kept
 * until it has. Answers the partitions dropped.
 */
export async function dropListingEventPartitionsBefore(db: Db, cutoff: Date): Promise<string[]> {
  const dropped: string[] = [];
  for (const { name, monthEnd } of await listingEventPartitions(db)) {
    if (monthEnd > cutoff) continue;
    const table = sql.identifier(name);
    const gone = await db.transaction(async (tx) => {
      const pending = (await tx.execute(sql`
        select exists (select 1 from ${table}
          where tx >= (select rolled_below from listing_rollup_state where id = 1)) as pending`)) as unknown as Rows<{
        pending: boolean;
      }>;
      if (pending.rows[0]?.pending) return false;
      await tx.execute(sql`alter table listing_events detach partition ${table}`);
      await tx.execute(sql`drop table ${table}`);
      return true;
    });
    if (gone) dropped.push(name);
  }
  return dropped;
}
