import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/db/seed/demo-data.ts';

/**
 * The leads benchmark's data (issue 16 Performance): the demo organisations, people and 320 listings,
 * the developer account an approved member of a hundred listings of several organisations with three
 * colleagues, then `rows` leads over three years with their buyers (8% enquiring on two projects) and
 * two timeline entries each, written by SQL alone (generate_series), and analysed as a server's
 * autovacuum would have done.
 */

/** The demo account whose leads page is measured, and the colleagues leads are assigned to. */
export const BENCH_TEAM = ['usr_demo_developer', 'usr_demo_priya', 'usr_demo_jack', 'usr_demo_chloe'];
/** Rows per INSERT: progress to print, and no statement holding millions of rows in memory. */
const CHUNK = 100_000;
/** The leads span three years: a portal that has been taking enquiries for a while. */
const SPAN_DAYS = 1095;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** One pseudo-random, repeatable number per lead: the fill gives the same data every time. */
const HASH = 'hashint4(g)::bigint & 2147483647';

/** The status a lead of `age` days has reached, as the demo data has it: recent open, old closed. */
const STATUS = `case
  when age < 2 then (array['NEW','NEW','NEW','CONTACTED','CONTACTED'])[1 + h % 5]
  when age < 30 then (array['NEW','NEW','CONTACTED','CONTACTED','CONTACTED','CONTACTED','INSPECTED','INSPECTED','RESERVED','LOST'])[1 + h % 10]
  else (array['NEW','CONTACTED','CONTACTED','CONTACTED','INSPECTED','INSPECTED','RESERVED','EXCHANGED','EXCHANGED','SETTLED','SETTLED','LOST','LOST','LOST','LOST','LOST','LOST','LOST','LOST','LOST'])[1 + h % 20]
end`;

function leadsInsert(rows: number, from: number, to: number) {
  return `
    with listing as (
      select array_agg(id order by id) as ids from projects where organisation_id is not null and sales_status <> 'HIDDEN'
    ), drawn as (
      select g, h, age,
        -- 8% of leads come from a buyer who enquired on another project before (design §3 dedupe).
        case when h % 100 < 8 and g > 1000 then g - 1 - (h / 100) % 1000 else g end as buyer,
        ${STATUS} as status
      from (
        select g, ${HASH} as h, (${rows} - g)::float8 / ${rows} * ${SPAN_DAYS} as age
        from generate_series(${from}, ${to}) as g
      ) as numbers
    ), shaped as (
      select drawn.*, now() - age * interval '1 day' - (h % 3600) * interval '1 second' as created_at,
        ids[1 + (h / 7) % cardinality(ids)] as project_id,
        (h / 11) % 101 as base_score
      from drawn, listing
    )
    insert into leads (project_id, buyer_id, name, email, phone, postcode, buyer_type, budget, bedrooms,
      timeframe, finance_status, message, consent_at, source, utm_source, utm_medium, status, lost_reason,
      sale_price, sale_date, assignee_id, base_score, score, score_contributions, enquiry_count, created_at,
      last_enquiry_at, last_activity_at, first_response_at, first_response_by_id, notified_at)
    select project_id, 'bench_b' || buyer, 'Buyer ' || buyer, 'buyer' || buyer || '@example.com',
      '+614' || lpad(buyer::text, 8, '0'), (2000 + h % 1000)::text,
      (array['FIRST_HOME_BUYER','FIRST_HOME_BUYER','NEXT_HOME_BUYER','INVESTOR'])[1 + h % 4]::lead_buyer_type,
      500000 + (h % 150) * 10000, 1 + h % 3,
      (array['READY_NOW','WITHIN_3_MONTHS','WITHIN_6_MONTHS','WITHIN_12_MONTHS','BROWSING'])[1 + (h / 3) % 5],
      (array['PRE_APPROVED','ARRANGING','NOT_STARTED','CASH'])[1 + (h / 5) % 4],
      case when h % 3 > 0 then 'Could you send me the price list and floor plans, please?' end,
      created_at, 'listing',
      (array[null, 'google', 'facebook', 'email', 'homehunter'])[1 + (h / 13) % 5],
      (array[null, 'cpc', 'paid_social', 'email', 'referral'])[1 + (h / 13) % 5],
      status::lead_status,
      case when status = 'LOST' then 'Bought in another development' end,
      case when status in ('EXCHANGED', 'SETTLED') then 500000 + (h % 150) * 10000 end,
      case when status in ('EXCHANGED', 'SETTLED') then (created_at + interval '30 days')::date end,
      case when h % 10 < 8 then (array[${BENCH_TEAM.map((id) => `'${id}'`).join(', ')}])[1 + (h / 17) % ${BENCH_TEAM.length}] end,
      base_score, case when age < 60 then base_score else base_score / 2 end,
      '[{"ruleId": 1, "label": "Finance pre-approved", "points": 20}]'::jsonb,
      case when h % 25 = 0 then 2 else 1 end,
      created_at, created_at,
      case when status = 'NEW' then created_at else created_at + (1 + h % 240) * interval '1 minute' end,
      case when status <> 'NEW' then created_at + (1 + h % 240) * interval '1 minute' end,
      case when status <> 'NEW' then (array[${BENCH_TEAM.map((id) => `'${id}'`).join(', ')}])[1 + (h / 17) % ${BENCH_TEAM.length}] end,
      created_at + interval '5 seconds'
    from shaped`;
}

/** Migrated, with the demo data and `rows` leads; prints how long each part took. */
export async function fillBenchData(database: Database, rows: number, log: (line: string) => void) {
  const { db } = database;
  const step = async (name: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    log(`   ${name.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
  };
  await step('migrate', () => migrateDatabase(database));
  await step('demo data (320 listings, no leads)', () => seedDemoData(db, { leads: 0 }));
  await step('the developer team on 100 listings', () =>
    db.execute(
      sql.raw(`insert into project_members (project_id, user_id)
        select p.id, team.id from (
          select id from projects where organisation_id is not null and sales_status <> 'HIDDEN' order by id limit 100
        ) p cross join unnest(array[${BENCH_TEAM.map((id) => `'${id}'`).join(', ')}]) as team(id)
        on conflict do nothing`),
    ),
  );
  await db.transaction(async (tx) => {
    // Rows made together by SQL need no row-by-row foreign-key checks (PGlite and the bench server
    // connect as superusers).
    await tx.execute(sql`set local session_replication_role = replica`);
    await step(`${rows.toLocaleString('en-AU')} buyers`, () =>
      tx.execute(
        sql.raw(`insert into lead_buyers (id, email, phone, created_at)
          select 'bench_b' || g, 'buyer' || g || '@example.com', '+614' || lpad(g::text, 8, '0'), now()
          from generate_series(1, ${rows}) as g`),
      ),
    );
    await step(`${rows.toLocaleString('en-AU')} leads`, async () => {
      for (let from = 1; from <= rows; from += CHUNK) {
        await tx.execute(sql.raw(leadsInsert(rows, from, Math.min(rows, from + CHUNK - 1))));
      }
    });
    await step('timelines (enquiry, first status change)', async () => {
      await tx.execute(
        sql.raw(`insert into lead_events (lead_id, kind, text, data, created_at)
          select id, 'enquiry', message, '{"source": "listing"}'::jsonb, created_at from leads`),
      );
      await tx.execute(
        sql.raw(`insert into lead_events (lead_id, kind, actor_id, data, created_at)
          select id, 'status', first_response_by_id, jsonb_build_object('from', 'NEW', 'to', 'CONTACTED'), first_response_at
          from leads where first_response_at is not null`),
      );
    });
  });
  await step('vacuum and analyze', () => db.execute(sql`vacuum (analyze) leads, lead_events, lead_buyers`));
  const [counts] = rowsOf<{ leads: number; readable: number }>(
    await db.execute(
      sql.raw(`select (select count(*) from leads)::int as leads,
        (select count(*) from leads where project_id in (select project_id from project_members where user_id = '${BENCH_TEAM[0]}'))::int as readable`),
    ),
  );
  return counts!;
}
