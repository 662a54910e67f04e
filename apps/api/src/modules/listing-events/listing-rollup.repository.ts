import { REPORTING_TIME_ZONE } from '@offplan/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export type RollupRun = {
  /** Events added to the rollups by this run. */
  events: number;
  /** The new watermark: every event of a transaction below it is in the rollups (xid8 as text). */
  rolledBelow: string;
};

type Rows<Row> = { rows: Row[] };

/** Calendar day of an event in the reporting time zone (decision 028). */
const eventDay = sql`(occurred_at at time zone ${sql.raw(`'${REPORTING_TIME_ZONE}'`)})::date`;

/**
 * One rollup run (decision 028), exactly once without marking rows. In one transaction:
 * 1. lock the state row (`for update`): a second process waits here, then reads the watermark the
 *    first one moved, so two runs never take the same events;
 * 2. in one statement, take `xmin` of the current snapshot (every transaction below it has finished,
 *    so the events with `tx` in `[rolled_below, xmin)` are final, however late they committed), add
 *    them to the rollups (counts added per day; visitors merged into the day, week and month sketches
 *    they fall in, each register keeping its greatest rank) and move the watermark to `xmin`. The
 *    state row's lock makes this the only writer of the sketches, so reading and rewriting them is safe.
 * The state row is read before the snapshot that picks the events, so the watermark it holds is
 * always one this snapshot has passed; `greatest` keeps it from ever going back.
 */
export async function rollUpEvents(db: Db): Promise<RollupRun> {
  return db.transaction(async (tx) => {
    const state = (await tx.execute(
      sql`select rolled_below::text as "rolledBelow" from listing_rollup_state where id = 1 for update`,
    )) as unknown as Rows<{ rolledBelow: string }>;
    const from = state.rows[0]?.rolledBelow;
    if (from === undefined) throw new Error('listing_rollup_state has no row (migration 0012 makes it)');
    const result = (await tx.execute(sql`
      with bound as (select pg_snapshot_xmin(pg_current_snapshot()) as below),
      fresh as materialized (
        select project_id, kind, ${eventDay} as day, visitor_register, visitor_rank
        from listing_events
        where tx >= ${from}::xid8 and tx < (select below from bound)
      ),
      metrics as (
        insert into listing_metric_days as metric (project_id, day, kind, count)
        select project_id, day, kind, count(*)::int from fresh group by project_id, day, kind
        on conflict (project_id, day, kind) do update set count = metric.count + excluded.count
        returning 1
      ),
      fresh_registers as (
        select project_id, day, visitor_register as register, max(visitor_rank)::int as rank
        from fresh group by project_id, day, visitor_register
      ),
      fresh_pieces as (
        select project_id, 'day'::visitor_sketch_grain as grain, day as starts, register, rank from fresh_registers
        union all
        select project_id, 'week', date_trunc('week', day::timestamp)::date, register, max(rank)
        from fresh_registers group by 1, 3, 4
        union all
        select project_id, 'month', date_trunc('month', day::timestamp)::date, register, max(rank)
        from fresh_registers group by 1, 3, 4
      ),
      stored_pieces as (
        select s.project_id, s.grain, s.starts, entry.register, entry.rank
        from (select distinct project_id, grain, starts from fresh_pieces) as touched
        join listing_visitor_sketches s using (project_id, grain, starts)
        cross join lateral visitor_sketch_entries(s.sketch) as entry
      ),
      merged as (
        select project_id, grain, starts,
          string_agg(visitor_sketch_entry(register, rank), ''::bytea order by register) as sketch
        from (
          select project_id, grain, starts, register, max(rank) as rank
          from (select * from fresh_pieces union all select * from stored_pieces) as pieces
          group by project_id, grain, starts, register
        ) as registers
        group by project_id, grain, starts
      ),
      visitors as (
        insert into listing_visitor_sketches as visitor (project_id, grain, starts, sketch)
        select project_id, grain, starts, sketch from merged
        on conflict (project_id, grain, starts) do update set sketch = excluded.sketch
        returning 1
      ),
      moved as (
        update listing_rollup_state
        set rolled_below = greatest(rolled_below, (select below from bound)), rolled_at = now()
        where id = 1
        returning rolled_below::text as rolled_below
      )
      select (select count(*)::int from fresh) as events,
        (select rolled_below from moved) as "rolledBelow",
        (select count(*) from metrics) + (select count(*) from visitors) as written`)) as unknown as Rows<{
      events: number;
      rolledBelow: string;
    }>;
    const row = result.rows[0]!;
    return { events: Number(row.events), rolledBelow: row.rolledBelow };
  });
}

/**
 * A transaction id newer than every transaction that has committed so far (this statement's own,
 * committed with it), as text: once the watermark is past it, every event committed before is rolled up.
 */
export async function newTransactionId(db: Db): Promise<string> {
  const result = (await db.execute(sql`select pg_current_xact_id()::text as xid`)) as unknown as Rows<{
    xid: string;
  }>;
  return result.rows[0]!.xid;
}
