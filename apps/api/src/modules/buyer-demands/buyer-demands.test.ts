import {
  BUDGET_BANDS,
  BUYER_DEMAND_MESSAGES,
  BUYER_DEMAND_PATHS,
  type BuyerDemandAnswer,
  budgetBandOf,
  MARKETPLACE_SEARCH_BATCH_MAX,
} from '@offplan/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectConfigurations } from '../../db/schema/index.ts';
import { cookiesOf } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { enquiryFixtures } from '../enquiries/enquiry.fixtures.ts';
import { leadFixtures } from '../leads/lead-fixtures.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';
import { periodPieces } from './buyer-demands.repository.ts';

let t: TestApp;
let projectsOf: ReturnType<typeof projectFixtures>;
let leadsOf: ReturnType<typeof leadFixtures>;
let enquiries: ReturnType<typeof enquiryFixtures>;
let admin: { id: string; cookie: string };
let marketer: { id: string; cookie: string };
/** An admin acting as the marketer: the session's user is the marketer. */
let acting: string;

beforeAll(async () => {
  t = await createTestApp();
  projectsOf = projectFixtures(t);
  leadsOf = leadFixtures(t);
  enquiries = enquiryFixtures(t);
  admin = await projectsOf.person({ admin: true });
  const otherAdmin = await projectsOf.person({ admin: true });
  const organisationId = await projectsOf.organisation('Keystone Property');
  marketer = await projectsOf.person({ organisationId, role: 'owner' });
  const started = await t.request('/api/auth/impersonation/start', {
    method: 'POST',
    cookie: otherAdmin.cookie,
    json: { userId: marketer.id },
  });
  expect(started.status).toBe(200);
  acting = cookiesOf(started);
});
afterAll(() => t.close());

const rowsOf = async <Row>(query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)) as unknown as { rows: Row[] }).rows;

async function report(query: Record<string, string>, cookie = admin.cookie) {
  const response = await t.request(`${BUYER_DEMAND_PATHS.buyerDemands}?${new URLSearchParams(query)}`, {
    cookie,
  });
  return {
    response,
    body: (await response.json()) as BuyerDemandAnswer & {
      error?: { message: string; fields: Record<string, string> };
    },
  };
}

const sendSearches = (searches: unknown[], init: { origin?: string; ip?: string } = {}) =>
  t.request(BUYER_DEMAND_PATHS.marketplaceSearches, {
    method: 'POST',
    json: { searches },
    ...(init.ip ? { ip: init.ip } : {}),
    ...(init.origin ? { headers: { origin: init.origin } } : {}),
  });

/** A listed project in a suburb of its own with configurations in stock. */
async function listedProject(
  state: 'TAS' | 'NT' | 'ACT' | 'SA' | 'WA',
  suburb: string,
  configurations: { bedrooms: number; priceFrom: number; stock: number }[],
) {
  const id = await projectsOf.project(`${suburb} Residences`, {
    state,
    suburb,
    prefix: state.toLowerCase(),
    salesStatus: 'SELLING_NOW',
    stage: 'COMMENCED',
  });
  for (const [index, configuration] of configurations.entries())
    await t.db.insert(projectConfigurations).values({
      projectId: id,
      name: `Type ${index + 1}`,
      bedrooms: configuration.bedrooms,
      bathrooms: 1,
      priceFrom: configuration.priceFrom,
      stockAvailable: configuration.stock,
    });
  return id;
}

const now = () => new Date().toISOString();
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());

describe('GET /api/buyer-demands: who may read it', () => {
  it('answers 401 without a session, 403 to a developer and to an admin acting as one', async () => {
    const query = { startDate: '2026-01-01', endDate: '2026-01-31' };
    expect((await report(query, '')).response.status).toBe(401);
    expect((await report(query, marketer.cookie)).response.status).toBe(403);
    expect((await report(query, acting)).response.status).toBe(403);
    expect((await report(query)).response.status).toBe(200);
  });
});

describe('GET /api/buyer-demands: filters', () => {
  it('refuses an end date before the start date with 400 naming endDate', async () => {
    const { response, body } = await report({ startDate: '2026-03-01', endDate: '2026-02-01' });
    expect(response.status).toBe(400);
    expect(body.error?.fields).toEqual({ endDate: BUYER_DEMAND_MESSAGES.endBeforeStart });
    expect(body.error?.message).toContain('endDate');
  });

  it('refuses an unknown grouping, state or source with 400 naming the field', async () => {
    for (const [field, value] of [
      ['groupBy', 'COLOUR'],
      ['state', 'XYZ'],
      ['source', 'EMAIL'],
    ] as const) {
      const { response, body } = await report({
        startDate: '2026-01-01',
        endDate: '2026-01-31',
        [field]: value,
      });
      expect(response.status).toBe(400);
      expect(Object.keys(body.error?.fields ?? {})).toEqual([field]);
    }
  });
});

describe('GET /api/buyer-demands: figures', () => {
  it('counts enquiries and searches per suburb beside the stock, demand outrunning supply first', async () => {
    const busy = await listedProject('TAS', 'Sandy Bay', [{ bedrooms: 2, priceFrom: 650_000, stock: 2 }]);
    const quiet = await listedProject('TAS', 'Battery Point', [
      { bedrooms: 3, priceFrom: 1_200_000, stock: 10 },
      { bedrooms: 1, priceFrom: 450_000, stock: 0 },
    ]);
    const at = new Date('2026-02-10T02:00:00Z');
    for (let index = 0; index < 3; index++)
      await leadsOf.lead({
        projectId: busy,
        createdAt: at,
        bedrooms: 2,
        budget: 700_000,
        buyerType: 'INVESTOR',
      });
    await leadsOf.lead({ projectId: quiet, createdAt: at, bedrooms: 3, budget: 1_300_000 });
    // Outside the period: not counted.
    await leadsOf.lead({ projectId: busy, createdAt: new Date('2026-03-10T02:00:00Z'), bedrooms: 2 });
    await t.db.execute(sql`insert into marketplace_searches (searched_at, state, suburbs, bedrooms, price_max)
      values ('2026-02-11T01:00:00Z', 'TAS', '{sandy bay,Hobart}', 2, 800000)`);

    const { response, body } = await report({ startDate: '2026-02-01', endDate: '2026-02-28', state: 'TAS' });
    expect(response.status).toBe(200);
    expect(body.totals).toEqual({ enquiries: 4, searches: 2, demand: 6 });
    expect(body.rows).toEqual([
      // Hobart: searched, nothing for sale.
      expect.objectContaining({
        key: 'TAS/hobart',
        label: 'Hobart, TAS',
        demand: 1,
        supplyStock: 0,
        ratio: null,
        outrunsSupply: true,
      }),
      expect.objectContaining({
        key: 'TAS/sandy bay',
        label: 'Sandy Bay, TAS',
        enquiries: 3,
        searches: 1,
        demand: 4,
        supplyProjects: 1,
        supplyConfigurations: 1,
        supplyStock: 2,
        ratio: 2,
        outrunsSupply: true,
      }),
      expect.objectContaining({
        key: 'TAS/battery point',
        demand: 1,
        supplyStock: 10,
        ratio: 0.1,
        outrunsSupply: false,
      }),
    ]);

    const bySource = await report({
      startDate: '2026-02-01',
      endDate: '2026-02-28',
      state: 'TAS',
      source: 'SEARCH',
    });
    expect(bySource.body.totals).toEqual({ enquiries: 0, searches: 2, demand: 2 });
    const investors = await report({
      startDate: '2026-02-01',
      endDate: '2026-02-28',
      state: 'TAS',
      buyerType: 'INVESTOR',
      groupBy: 'BUDGET_BAND',
    });
    expect(investors.body.rows.filter((row) => row.demand > 0)).toEqual([
      expect.objectContaining({
        key: '500K_750K',
        label: '$500k–$750k',
        demand: 3,
        supplyStock: 2,
        ratio: 1.5,
      }),
    ]);
    const byBuyerType = await report({
      startDate: '2026-02-01',
      endDate: '2026-02-28',
      state: 'TAS',
      groupBy: 'BUYER_TYPE',
    });
    expect(byBuyerType.body.comparesSupply).toBe(false);
    expect(byBuyerType.body.rows.map((row) => [row.label, row.demand, row.supplyStock])).toEqual([
      ['Investor', 3, null],
      ['Not said', 2, null],
      ['First Home Buyer', 1, null],
    ]);
  });
});

describe('buyer_demand_counts: the rollup', () => {
  it('equals a GROUP BY over leads after enquiries through the intake, changes and deletes', async () => {
    const first = await enquiries.listing({ state: 'ACT', suburb: 'Braddon', prefix: 'act' });
    const second = await enquiries.listing({ state: 'ACT', suburb: 'Kingston', prefix: 'act' });
    for (const [projectId, overrides] of [
      [first.id, { bedrooms: 1, budget: 480_000, buyerType: 'FIRST_HOME_BUYER' as const }],
      [first.id, { bedrooms: 2, budget: 900_000 }],
      [second.id, { bedrooms: 3, budget: 2_500_000, buyerType: 'NEXT_HOME_BUYER' as const }],
      [second.id, { bedrooms: undefined, budget: undefined }],
    ] as const) {
      const response = await enquiries.send(projectId, enquiries.enquiry(overrides), {
        ip: `203.0.113.${projectId % 250}`,
      });
      expect(response.status).toBe(201);
    }
    await leadsOf.lead({ projectId: first.id, bedrooms: 4, budget: 1_000_000 });
    await t.db.execute(
      sql`update leads set budget = 1999999 where project_id = ${second.id} and bedrooms = 3`,
    );
    await t.db.execute(sql`delete from leads where project_id = ${first.id} and bedrooms = 1`);

    const counts = await rowsOf<{ state: string; count: number }>(sql`
      select dimension::text, grain::text, starts::text, state::text, buyer_type::text, value, count::int
      from buyer_demand_counts where source = 'ENQUIRY' order by 1, 2, 3, 4, 5, 6`);
    const expected = await rowsOf(sql`
      with lead as (
        select (l.created_at at time zone 'Australia/Sydney')::date as day, p.state::text as state,
          l.buyer_type::text as buyer_type, nullif(p.suburb, '') as suburb,
          (case when l.bedrooms >= 5 then 5 else l.bedrooms end)::text as bedrooms, buyer_budget_band(l.budget) as band
        from leads l join projects p on p.id = l.project_id
      ), keyed as (
        select d.dimension, g.grain, g.starts::text as starts, state, buyer_type, d.value
        from lead
        cross join lateral (values ('SUBURB', suburb), ('BEDROOMS', bedrooms), ('BUDGET_BAND', band)) as d(dimension, value)
        cross join lateral (values ('DAY', day), ('MONTH', date_trunc('month', day)::date)) as g(grain, starts)
      )
      select dimension, grain, starts, state, buyer_type, value, count(*)::int as count
      from keyed group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`);
    expect(counts).toEqual(expected);
    // ACT's four leads (one deleted), each under three dimensions at two grains.
    expect(counts.filter((row) => row.state === 'ACT').reduce((sum, row) => sum + row.count, 0)).toBe(
      4 * 3 * 2,
    );
  });

  it('counts enquiries arriving at once without deadlocking on the shared rows', async () => {
    // Each enquiry's upsert locks six count rows; enquiries from different suburbs share the bedroom and
    // band rows. Before migration 0018 two of them could lock those in opposite orders and deadlock
    // (bench:fleet: about one a second under load). On PGlite they simply run one after another.
    const suburbs = ['Dickson', 'Turner', 'Ainslie', 'Reid', 'Campbell'];
    const listings = await Promise.all(
      suburbs.map((suburb) => enquiries.listing({ state: 'TAS', suburb, prefix: 'tas' })),
    );
    const total = async () =>
      (
        await rowsOf<{ total: number }>(sql`
          select coalesce(sum(count), 0)::int as total from buyer_demand_counts
          where state = 'TAS' and source = 'ENQUIRY'`)
      )[0]?.total ?? 0;
    const before = await total();
    const inserts = Array.from({ length: 60 }, (_, n) =>
      leadsOf.lead({
        projectId: listings[n % listings.length]!.id,
        bedrooms: 1 + (n % 3),
        budget: [450_000, 900_000, 1_600_000][(n >> 1) % 3],
      }),
    );
    const outcomes = await Promise.allSettled(inserts);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    expect((await total()) - before).toBe(60 * 3 * 2);
  });

  it('cuts a period into whole months and edge days', () => {
    expect(periodPieces('2025-11-25', '2026-11-24')).toEqual({
      months: ['2025-12-01', '2026-10-01'],
      days: [
        ['2025-11-25', '2025-11-30'],
        ['2026-11-01', '2026-11-24'],
      ],
    });
    expect(periodPieces('2026-01-01', '2026-12-31')).toEqual({
      months: ['2026-01-01', '2026-12-01'],
      days: [],
    });
    expect(periodPieces('2026-02-10', '2026-03-05')).toEqual({
      months: null,
      days: [['2026-02-10', '2026-03-05']],
    });
    expect(periodPieces('2026-02-01', '2026-02-28')).toEqual({
      months: ['2026-02-01', '2026-02-01'],
      days: [],
    });
  });

  it('bands a budget in SQL as the shared BUDGET_BANDS do, at every edge', async () => {
    const budgets = [
      null,
      0,
      1,
      ...BUDGET_BANDS.flatMap((band) => (band.below ? [band.below - 1, band.below] : [])),
      99_000_000,
    ];
    const [row] = await rowsOf<{ bands: (string | null)[] }>(
      sql`select array_agg(buyer_budget_band(b) order by ordinality) as bands
          from unnest(${`{${budgets.map((b) => (b === null ? 'NULL' : b)).join(',')}}`}::int[]) with ordinality as b`,
    );
    expect(row!.bands).toEqual(budgets.map(budgetBandOf));
  });
});

describe('POST /api/marketplace-searches: the intake', () => {
  const search = (overrides: Record<string, unknown> = {}) => ({
    searchedAt: now(),
    state: 'WA',
    suburbs: ['Subiaco', 'subiaco', 'Leederville'],
    bedrooms: 2,
    priceMin: 600_000,
    priceMax: 850_000,
    buyerType: 'INVESTOR',
    ...overrides,
  });
  const searchesIn = async (state: string) =>
    (
      await rowsOf<{ n: number }>(
        sql`select count(*)::int as n from marketplace_searches where state = ${state}::australian_state`,
      )
    )[0]!.n;

  it('stores a batch (a suburb once, whatever its case) and adds it to the rollup of that day', async () => {
    const response = await sendSearches([
      search(),
      search({ suburbs: [], bedrooms: null, priceMax: null, buyerType: null }),
    ]);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ stored: 2 });
    const { body } = await report({ startDate: today(), endDate: today(), state: 'WA', source: 'SEARCH' });
    expect(body.rows.map((row) => [row.label, row.searches])).toEqual([
      ['Leederville, WA', 1],
      ['Subiaco, WA', 1],
      ['No suburb named (WA)', 1],
    ]);
    const { body: bands } = await report({
      startDate: today(),
      endDate: today(),
      state: 'WA',
      groupBy: 'BUDGET_BAND',
    });
    // Banded by the price maximum, else the minimum.
    expect(bands.rows.map((row) => [row.key, row.demand])).toEqual([
      ['750K_1M', 2],
      ['500K_750K', 1],
    ]);
  });

  it('refuses a malformed search with 400 naming the field, and stores none of the batch', async () => {
    const before = await searchesIn('SA');
    for (const [bad, field] of [
      [{ state: 'Victoria' }, 'searches.1.state'],
      [{ priceMin: 900_000, priceMax: 500_000 }, 'searches.1.priceMax'],
      [{ bedrooms: -1 }, 'searches.1.bedrooms'],
      [{ suburbs: ['=HYPERLINK("x")'] }, 'searches.1.suburbs.0'],
      [{ searchedAt: 'yesterday' }, 'searches.1.searchedAt'],
      [{ colour: 'blue' }, 'searches.1'],
    ] as const) {
      const response = await sendSearches([
        search({ state: 'SA' }),
        search({ state: 'SA', ...(bad as object) }),
      ]);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { fields: Record<string, string> } };
      expect(Object.keys(body.error.fields)).toEqual([field]);
    }
    const tooMany = await sendSearches(
      Array.from({ length: MARKETPLACE_SEARCH_BATCH_MAX + 1 }, () => search({ state: 'SA' })),
    );
    expect(tooMany.status).toBe(400);
    expect(await searchesIn('SA')).toBe(before);
  });

  it('leaves out searches older than a week or in the future, and refuses pages of other sites', async () => {
    const before = await searchesIn('NT');
    const old = new Date(Date.now() - 8 * 86_400_000).toISOString();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const response = await sendSearches([
      search({ state: 'NT', searchedAt: old }),
      search({ state: 'NT', searchedAt: future }),
    ]);
    expect(await response.json()).toEqual({ stored: 0 });
    const crossSite = await sendSearches([search({ state: 'NT' })], { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(await searchesIn('NT')).toBe(before);
  });
});
