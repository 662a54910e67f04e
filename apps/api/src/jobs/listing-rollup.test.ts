import type { ListingEventKind } from '@offplan/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { VISITOR_SKETCH_GRAINS, type VisitorSketchGrain } from '../db/schema/index.ts';
import { packSketch, sketchEntries, unionEstimate, visitorSketchOf } from '../lib/hyperloglog.ts';
import { listingEventFixtures } from '../modules/listing-events/listing-events.fixtures.ts';
import { periodStartOf } from '../modules/reporting/report-periods.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { LISTING_ROLLUP_JOB, rollUpListingEvents, rollUpListingEventsNow } from './listing-rollup.ts';

let t: TestApp;
let f: ReturnType<typeof listingEventFixtures>;

beforeAll(async () => {
  t = await createTestApp();
  f = listingEventFixtures(t);
});
afterAll(async () => {
  await t.close();
});

type Rows<Row> = { rows: Row[] };

/** The rolled-up counts of one project: `day kind` → count. */
async function metricDaysOf(projectId: number) {
  const result = (await t.db.execute(sql`
    select day::text as day, kind::text as kind, count from listing_metric_days
    where project_id = ${projectId} order by day, kind`)) as unknown as Rows<{
    day: string;
    kind: string;
    count: number;
  }>;
  return Object.fromEntries(result.rows.map((row) => [`${row.day} ${row.kind}`, Number(row.count)]));
}

const totalOf = (days: Record<string, number>) => Object.values(days).reduce((sum, n) => sum + n, 0);

/** Unique visitors of a project over everything it has, as a report reads them: the sketches of one grain merged. */
async function uniqueVisitorsOf(projectId: number, grain: VisitorSketchGrain = 'day') {
  const result = (await t.db.execute(sql`
    select sketch from listing_visitor_sketches
    where project_id = ${projectId} and grain = ${grain}`)) as unknown as Rows<{ sketch: Uint8Array }>;
  return unionEstimate(result.rows.map((row) => row.sketch));
}

/** An event written straight to the table, at a chosen time (the intake always uses the clock). */
async function insertEvent(
  db: Db,
  projectId: number,
  options: { kind?: ListingEventKind; at?: Date; visitorId?: string } = {},
) {
  const { register, rank } = visitorSketchOf(options.visitorId ?? f.visitorId());
  await db.execute(sql`
    insert into listing_events (project_id, kind, occurred_at, visitor_register, visitor_rank, device)
    values (${projectId}, ${options.kind ?? 'page_view'}, ${(options.at ?? new Date()).toISOString()}::timestamptz,
      ${register}, ${rank}, 'desktop')`);
}

const todayInSydney = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());

describe('rollUpListingEvents', () => {
  it('adds each event to the day rollups exactly once across runs', async () => {
    const { id } = await f.listing();
    await f.send(f.batch(id, ['page_view', 'page_view', 'brochure_download']));
    await rollUpListingEventsNow(t.db);
    const day = todayInSydney();
    expect(await metricDaysOf(id)).toEqual({ [`${day} page_view`]: 2, [`${day} brochure_download`]: 1 });

    await rollUpListingEventsNow(t.db);
    expect(await metricDaysOf(id)).toEqual({ [`${day} page_view`]: 2, [`${day} brochure_download`]: 1 });

    await f.send(f.batch(id, ['page_view', 'floorplan_view']));
    expect(await rollUpListingEventsNow(t.db)).toBeGreaterThanOrEqual(2);
    expect(await metricDaysOf(id)).toEqual({
      [`${day} page_view`]: 3,
      [`${day} brochure_download`]: 1,
      [`${day} floorplan_view`]: 1,
    });
  });

  it('counts events on their calendar day in Sydney', async () => {
    const { id } = await f.listing();
    await t.db.execute(sql`select ensure_listing_event_partitions('2026-01-01', 1)`);
    // 14:30 UTC on 10 January is 01:30 on 11 January in Sydney (daylight saving, UTC+11).
    await insertEvent(t.db, id, { at: new Date('2026-01-10T14:30:00Z') });
    await insertEvent(t.db, id, { at: new Date('2026-01-10T12:59:00Z') });
    await rollUpListingEventsNow(t.db);
    expect(await metricDaysOf(id)).toEqual({ '2026-01-10 page_view': 1, '2026-01-11 page_view': 1 });
  });

  it('counts a visitor who came on three days once over the range (sketches merged, not daily uniques summed)', async () => {
    const { id } = await f.listing();
    const returning = f.visitorId();
    const day = 24 * 60 * 60 * 1000;
    for (const daysAgo of [0, 1, 2]) {
      await insertEvent(t.db, id, { visitorId: returning, at: new Date(Date.now() - daysAgo * day) });
      await insertEvent(t.db, id, {
        visitorId: returning,
        at: new Date(Date.now() - daysAgo * day - 60_000),
      });
    }
    await insertEvent(t.db, id, { at: new Date(Date.now() - day) });
    await rollUpListingEventsNow(t.db);
    expect(totalOf(await metricDaysOf(id))).toBe(7);
    const days = (await t.db.execute(sql`
      select count(*)::int as days from listing_visitor_sketches where project_id = ${id} and grain = 'day'`)) as unknown as Rows<{
      days: number;
    }>;
    expect(days.rows[0]!.days).toBeGreaterThanOrEqual(3);
    expect(await uniqueVisitorsOf(id, 'day')).toBe(2);
    expect(await uniqueVisitorsOf(id, 'week')).toBe(2);
    expect(await uniqueVisitorsOf(id, 'month')).toBe(2);
  });

  it("merges a later run's visitors into the stored day, week and month sketches, not over them", async () => {
    const { id } = await f.listing();
    await insertEvent(t.db, id, { visitorId: 'first-visitor' });
    await rollUpListingEventsNow(t.db);
    await insertEvent(t.db, id, { visitorId: 'second-visitor' });
    await insertEvent(t.db, id, { visitorId: 'first-visitor' });
    await rollUpListingEventsNow(t.db);
    for (const grain of VISITOR_SKETCH_GRAINS) expect(await uniqueVisitorsOf(id, grain)).toBe(2);
    const rows = (await t.db.execute(sql`
      select grain::text as grain, starts::text as starts from listing_visitor_sketches
      where project_id = ${id} order by grain::text`)) as unknown as Rows<{ grain: string; starts: string }>;
    const today = rows.rows.find((row) => row.grain === 'day')!.starts;
    expect(rows.rows).toEqual([
      { grain: 'day', starts: today },
      { grain: 'month', starts: periodStartOf(today, 'MONTH') },
      { grain: 'week', starts: periodStartOf(today, 'WEEK') },
    ]);
  });

  it('packs and unpacks sketches in SQL exactly as lib/hyperloglog.ts does (the rollup and the reports agree)', async () => {
    const ranks = new Map(
      ['a', 'b', 'c', 'd'].map((id) => [visitorSketchOf(id).register, visitorSketchOf(id).rank]),
    );
    ranks.set(65_535, 49);
    ranks.set(0, 1);
    const packed = packSketch(ranks);
    const hex = Buffer.from(packed).toString('hex');
    const result = (await t.db.execute(sql`
      select (select string_agg(visitor_sketch_entry(register, rank), ''::bytea order by register)
        from visitor_sketch_entries(decode(${hex}, 'hex'))) as repacked,
        (select json_agg(json_build_array(register, rank) order by register)
        from visitor_sketch_entries(decode(${hex}, 'hex'))) as entries`)) as unknown as Rows<{
      repacked: Uint8Array;
      entries: [number, number][];
    }>;
    expect(Buffer.from(result.rows[0]!.repacked).toString('hex')).toBe(hex);
    expect(result.rows[0]!.entries).toEqual([...sketchEntries(packed)]);
  });

  it('lets two runs at once add each event once', async () => {
    const { id } = await f.listing();
    for (let i = 0; i < 20; i++) await insertEvent(t.db, id);
    await Promise.all([rollUpListingEvents(t.db), rollUpListingEvents(t.db), rollUpListingEvents(t.db)]);
    await rollUpListingEventsNow(t.db);
    expect(totalOf(await metricDaysOf(id))).toBe(20);
  });

  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    'counts an event whose transaction commits after a run exactly once, on a run after its commit',
    async () => {
      const { id } = await f.listing();
      const day = todayInSydney();
      await insertEvent(t.db, id, { kind: 'page_view' });
      const late = new pg.Client({ connectionString: t.database.connectionString });
      await late.connect();
      try {
        await late.query('begin');
        await late.query(
          `insert into listing_events (project_id, kind, visitor_register, visitor_rank, device)
           values ($1, 'video_play', 7, 3, 'mobile')`,
          [id],
        );
        // A later transaction that commits first waits too: the watermark stops at the open one.
        await insertEvent(t.db, id, { kind: 'gallery_open' });
        await rollUpListingEvents(t.db);
        const meanwhile = await metricDaysOf(id);
        expect(meanwhile[`${day} video_play`]).toBeUndefined();
        expect(meanwhile[`${day} gallery_open`]).toBeUndefined();
        await late.query('commit');
      } finally {
        await late.end();
      }
      await rollUpListingEventsNow(t.db);
      await rollUpListingEventsNow(t.db);
      expect(await metricDaysOf(id)).toEqual({
        [`${day} gallery_open`]: 1,
        [`${day} page_view`]: 1,
        [`${day} video_play`]: 1,
      });
    },
  );

  it('leaves the events of a rolled-back transaction out', async () => {
    const { id } = await f.listing();
    await t.db
      .transaction(async (tx) => {
        await insertEvent(tx, id);
        throw new Error('rolled back on purpose');
      })
      .catch(() => {});
    await insertEvent(t.db, id, { kind: 'gallery_open' });
    await rollUpListingEventsNow(t.db);
    expect(await metricDaysOf(id)).toEqual({ [`${todayInSydney()} gallery_open`]: 1 });
  });
});

describe('the listing-rollup job', () => {
  it('runs when sent and keeps the reports up to date', async () => {
    const { id } = await f.listing();
    await insertEvent(t.db, id, { kind: 'phone_reveal' });
    await t.queue.send(LISTING_ROLLUP_JOB, null);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && totalOf(await metricDaysOf(id)) === 0) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await metricDaysOf(id)).toEqual({ [`${todayInSydney()} phone_reveal`]: 1 });
  });

  it('is scheduled every minute as a backstop', async () => {
    const schedules = await t.queue.getSchedules();
    expect(schedules.find((s) => s.name === LISTING_ROLLUP_JOB)?.cron).toBe('* * * * *');
  });
});
