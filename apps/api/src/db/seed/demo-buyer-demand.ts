import { ENQUIRY_BUYER_TYPES, type EnquiryBuyerType } from '@offplan/shared';
import { sql } from 'drizzle-orm';
import { marketplaceSearches } from '../schema/index.ts';
import { DAY_MS, DEMO_SEED, type DemoRows, roundTo } from './builders/common.ts';
import { DEMO_LEAD_DAYS } from './demo-leads.ts';
import { insertRows, type Tx } from './insert-rows.ts';
import { createRng, mixSeed } from './prng.ts';
import { SUBURBS, type SuburbInfo } from './suburbs.ts';

/**
 * Demo buyer demand (issue 19, decision 035): 18 months of marketplace searches, and the enquiry side of
 * the rollup rebuilt from the demo leads (the seed writes leads with triggers off, see demo-data.ts).
 *
 * The picture: searches follow the listings (a suburb with projects draws searches), but a handful of
 * "hot" suburbs in each large state, with little or nothing for sale, draw far more than their stock,
 * so /buyer-demands has places where demand outruns supply. Two-bedroom searches lead; the price asked
 * for follows the suburb's price level and the bedrooms. Deterministic: the seed PRNG and base date.
 */

const SEARCH_STREAM = 19_000_005;
/** Searches a day at the start of the range; the portal grows to about twice that by its end. */
const DAILY_SEARCHES = 5;
/** Hot suburbs per state (those with the fewest demo listings among the state's larger markets). */
const HOT_SUBURBS_PER_STATE = 2;
const BEDROOM_WEIGHTS: readonly (readonly [number | null, number])[] = [
  [0, 3],
  [1, 22],
  [2, 42],
  [3, 24],
  [4, 6],
  [null, 3],
];
/** A typical new home's price by bedrooms, before the suburb's price level. */
const PRICE_BY_BEDROOMS: Record<number, number> = {
  0: 420_000,
  1: 560_000,
  2: 780_000,
  3: 1_050_000,
  4: 1_500_000,
};

type SearchRow = typeof marketplaceSearches.$inferInsert;

function suburbWeights(rows: DemoRows): (readonly [SuburbInfo, number])[] {
  const listings = new Map<string, number>();
  for (const project of rows.projects) {
    const key = `${project.state}/${project.suburb}`;
    listings.set(key, (listings.get(key) ?? 0) + 1);
  }
  const weights = new Map<SuburbInfo, number>(
    SUBURBS.map((info) => [info, 0.3 + 3 * (listings.get(`${info.state}/${info.suburb}`) ?? 0)]),
  );
  for (const state of ['NSW', 'VIC', 'QLD', 'WA', 'SA'] as const) {
    const hot = SUBURBS.filter((info) => info.state === state)
      .sort(
        (a, b) =>
          (listings.get(`${a.state}/${a.suburb}`) ?? 0) - (listings.get(`${b.state}/${b.suburb}`) ?? 0) ||
          b.priceFactor - a.priceFactor ||
          a.suburb.localeCompare(b.suburb),
      )
      .slice(0, HOT_SUBURBS_PER_STATE);
    for (const info of hot) weights.set(info, 40);
  }
  return [...weights.entries()];
}

/** The demo's marketplace searches, oldest first. */
export function buildDemoSearches(rows: DemoRows, now: number): SearchRow[] {
  const rng = createRng(mixSeed(DEMO_SEED, SEARCH_STREAM));
  const weights = suburbWeights(rows);
  const searches: SearchRow[] = [];
  for (let daysAgo = DEMO_LEAD_DAYS; daysAgo >= 0; daysAgo--) {
    const dayStart = now - daysAgo * DAY_MS;
    const growth = 1 + (DEMO_LEAD_DAYS - daysAgo) / DEMO_LEAD_DAYS;
    const weekend = [0, 6].includes(new Date(dayStart).getUTCDay()) ? 1.4 : 1;
    const count = Math.round(DAILY_SEARCHES * growth * weekend * (0.7 + rng.next() * 0.6));
    for (let index = 0; index < count; index++) {
      const home = rng.weighted(weights);
      const neighbours = rng.chance(0.3)
        ? rng.sample(
            SUBURBS.filter((info) => info.state === home.state && info !== home),
            rng.int(1, 2),
          )
        : [];
      const bedrooms = rng.weighted(BEDROOM_WEIGHTS);
      const price = PRICE_BY_BEDROOMS[bedrooms ?? 2]! * home.priceFactor * (0.85 + rng.next() * 0.35);
      const priced = rng.chance(0.8);
      searches.push({
        searchedAt: new Date(dayStart - rng.int(0, DAY_MS - 1)),
        state: home.state,
        suburbs: rng.chance(0.08) ? [] : [home, ...neighbours].map((info) => info.suburb),
        bedrooms,
        priceMin: priced && rng.chance(0.4) ? roundTo(price * 0.7, 50_000) : null,
        priceMax: priced ? roundTo(price, 50_000) : null,
        buyerType: rng.chance(0.7) ? rng.pick<EnquiryBuyerType>(ENQUIRY_BUYER_TYPES) : null,
      });
    }
  }
  return searches.sort((a, b) => (a.searchedAt as Date).getTime() - (b.searchedAt as Date).getTime());
}

/** Leads per statement of the rebuild: a million leads' items in one array would be a lot of memory. */
const REBUILD_CHUNK = 200_000;

/**
 * The enquiry side of buyer_demand_counts made again from the leads, as migration 0017's backfill does:
 * for leads written with triggers off (`session_replication_role = replica`: the demo seed, bench fills).
 */
export async function rebuildEnquiryDemand(db: Pick<Tx, 'execute'>) {
  await db.execute(sql`delete from buyer_demand_counts where source = 'ENQUIRY'`);
  const [bounds] = (
    (await db.execute(
      sql`select coalesce(min(id), 0) as low, coalesce(max(id), -1) as high from leads`,
    )) as unknown as {
      rows: { low: number; high: number }[];
    }
  ).rows;
  for (let from = Number(bounds!.low); from <= Number(bounds!.high); from += REBUILD_CHUNK) {
    await db.execute(sql`
      select buyer_demand_apply(array_agg(row(l.created_at, 'ENQUIRY', p.state, p.suburb, l.bedrooms,
        buyer_budget_band(l.budget), l.buyer_type, 1)::buyer_demand_item), 1)
      from leads l join projects p on p.id = l.project_id
      where l.id >= ${from} and l.id < ${from + REBUILD_CHUNK}
      having count(*) > 0`);
  }
}

/**
 * Writes the demo searches (their trigger adds them to buyer_demand_counts) and rebuilds the enquiry
 * side of the counts from the leads, which the seed wrote with triggers off. Run with triggers on.
 */
export async function insertDemoBuyerDemand(
  tx: Tx,
  rows: DemoRows,
  options: { now: number },
  done: (name: string, rows: number) => void,
) {
  await rebuildEnquiryDemand(tx);
  done('buyer_demand_counts (enquiries)', 0);
  const searches = buildDemoSearches(rows, options.now);
  await insertRows(tx, marketplaceSearches, searches);
  done('marketplace_searches', searches.length);
}
