import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import { listingEventFixtures } from '../modules/listing-events/listing-events.fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { LISTING_EVENT_PARTITIONS_JOB, maintainListingEventPartitions } from './listing-event-partitions.ts';
import { rollUpListingEventsNow } from './listing-rollup.ts';

let t: TestApp;
let f: ReturnType<typeof listingEventFixtures>;
const logger = createLogger('silent');

beforeAll(async () => {
  t = await createTestApp();
  f = listingEventFixtures(t);
});
afterAll(async () => {
  await t.close();
});

type Rows<Row> = { rows: Row[] };

async function partitions() {
  const result = (await t.db.execute(sql`
    select child.relname as name from pg_inherits
    join pg_class child on child.oid = pg_inherits.inhrelid
    where pg_inherits.inhparent = 'listing_events'::regclass order by 1`)) as unknown as Rows<{
    name: string;
  }>;
  return result.rows.map((row) => row.name);
}

async function tableExists(name: string) {
  const result = (await t.db.execute(
    sql`select to_regclass(${name}) is not null as found`,
  )) as unknown as Rows<{ found: boolean }>;
  return result.rows[0]!.found;
}

async function insertEventAt(projectId: number, at: string) {
  await t.db.execute(sql`
    insert into listing_events (project_id, kind, occurred_at, visitor_register, visitor_rank, device)
    values (${projectId}, 'page_view', ${at}::timestamptz, 1, 1, 'desktop')`);
}

async function metricCount(projectId: number, day: string) {
  const result = (await t.db.execute(sql`
    select coalesce(sum(count), 0)::int as count from listing_metric_days
    where project_id = ${projectId} and day = ${day}::date`)) as unknown as Rows<{ count: number }>;
  return result.rows[0]!.count;
}

const monthName = (date: Date) =>
  `listing_events_${date.getUTCFullYear()}_${String(date.getUTCMonth() + 1).padStart(2, '0')}`;

describe('listing event partitions', () => {
  it('are made for the current month and the next two at start', async () => {
    const now = new Date();
    const names = await partitions();
    for (let ahead = 0; ahead < 3; ahead++) {
      const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1));
      expect(names).toContain(monthName(month));
    }
  });

  it('are made for a new month by the daily upkeep, once', async () => {
    const now = new Date('2031-05-20T10:00:00Z');
    const first = await maintainListingEventPartitions(t.db, { logger, retentionDays: 36_500, now });
    expect(first.created).toBe(3);
    expect(await partitions()).toEqual(
      expect.arrayContaining(['listing_events_2031_05', 'listing_events_2031_06', 'listing_events_2031_07']),
    );
    const again = await maintainListingEventPartitions(t.db, { logger, retentionDays: 36_500, now });
    expect(again).toMatchObject({ created: 0, dropped: [] });
  });

  it('drop whole months older than the retention (detached, then dropped) and keep the rollups', async () => {
    const { id } = await f.listing();
    await t.db.execute(sql`select ensure_listing_event_partitions('2024-03-01', 2)`);
    await insertEventAt(id, '2024-03-15T01:00:00Z');
    await insertEventAt(id, '2024-04-30T23:00:00Z');
    await rollUpListingEventsNow(t.db);
    expect(await metricCount(id, '2024-03-15')).toBe(1);

    // 433 days before 2025-06-08 is 2024-04-01: March ended by the cutoff, April did not.
    const now = new Date('2025-06-08T00:00:00Z');
    const run = await maintainListingEventPartitions(t.db, { logger, retentionDays: 433, now });
    expect(run.dropped).toEqual(['listing_events_2024_03']);
    expect(await tableExists('listing_events_2024_03')).toBe(false);
    expect(await tableExists('listing_events_2024_04')).toBe(true);
    expect(await metricCount(id, '2024-03-15')).toBe(1);
    // The current month is never dropped, whatever the retention.
    const current = monthName(new Date());
    const strict = await maintainListingEventPartitions(t.db, { logger, retentionDays: 1 });
    expect(strict.dropped).toContain('listing_events_2024_04');
    expect(strict.dropped).not.toContain(current);
    expect(await tableExists(current)).toBe(true);
    // The rollups of the dropped months stay.
    expect(await metricCount(id, '2024-03-15')).toBe(1);
    expect(await metricCount(id, '2024-05-01')).toBe(1);
  });

  it('keep a month whose events are not rolled up yet, until they are', async () => {
    const { id } = await f.listing();
    await t.db.execute(sql`select ensure_listing_event_partitions('2023-07-01', 1)`);
    // Held back as a long transaction would: the watermark set below this event's transaction.
    await t.db.execute(sql`
      update listing_rollup_state set rolled_below = pg_current_xact_id() where id = 1`);
    await insertEventAt(id, '2023-07-10T00:00:00Z');
    const held = await maintainListingEventPartitions(t.db, { logger, retentionDays: 365 });
    expect(held.dropped).not.toContain('listing_events_2023_07');
    expect(await tableExists('listing_events_2023_07')).toBe(true);

    await rollUpListingEventsNow(t.db);
    const run = await maintainListingEventPartitions(t.db, { logger, retentionDays: 365 });
    expect(run.dropped).toContain('listing_events_2023_07');
    expect(await metricCount(id, '2023-07-10')).toBe(1);
  });

  it("forget the public intakes' per-address counters once their minute has ended, and no others", async () => {
    await t.db.execute(sql`
      insert into throttle_counters (key, window_started_at, hits) values
        ('listing-events:203.0.113.1', now() - interval '2 minutes', 600),
        ('marketplace-searches:203.0.113.3', now() - interval '2 minutes', 600),
        ('marketplace-searches:203.0.113.4', now(), 5),
        ('listing-events:203.0.113.2', now(), 5),
        ('enquiry-address:203.0.113.1', now() - interval '2 minutes', 3)`);
    const run = await maintainListingEventPartitions(t.db, { logger, retentionDays: 36_500 });
    expect(run.forgotten).toBeGreaterThanOrEqual(2);
    const left = (await t.db.execute(sql`
      select key from throttle_counters where key like '%203.0.113.%' order by key`)) as unknown as Rows<{
      key: string;
    }>;
    expect(left.rows.map((row) => row.key)).toEqual([
      'enquiry-address:203.0.113.1',
      'listing-events:203.0.113.2',
      'marketplace-searches:203.0.113.4',
    ]);
  });

  it('are kept by a job scheduled daily', async () => {
    const schedules = await t.queue.getSchedules();
    expect(schedules.find((s) => s.name === LISTING_EVENT_PARTITIONS_JOB)?.cron).toBe('30 2 * * *');
  });
});
