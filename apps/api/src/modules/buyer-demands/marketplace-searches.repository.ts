import {
  MARKETPLACE_SEARCH_MAX_AGE_DAYS,
  MARKETPLACE_SEARCHES_PER_ADDRESS_PER_MINUTE,
  type MarketplaceSearchInput,
} from '@offplan/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared-statement.ts';
import { countHitSql, forgetEndedCounters, type ThrottleWindow } from '../../lib/throttle.ts';

const LIMIT_KEY_PREFIX = 'marketplace-searches:';

/** The throttle key of a client address's searches. */
export const marketplaceSearchLimitKey = (clientIp: string | undefined) =>
  `${LIMIT_KEY_PREFIX}${clientIp ?? 'unknown'}`;

/** Searches (not requests) per client address per minute, counted in the database across processes. */
export const MARKETPLACE_SEARCHES_PER_ADDRESS: ThrottleWindow = {
  windowSeconds: 60,
  max: MARKETPLACE_SEARCHES_PER_ADDRESS_PER_MINUTE,
};

/** A search's time may run this far ahead of the server's clock (the marketplace's clock may be fast). */
const CLOCK_SKEW = '5 minutes';

type StoreRow = { hits: number; reset_in: number; stored: number };
const p = sql.placeholder;

/**
 * The whole intake of a batch in one statement, like the listing-event intake (decision 028): the
 * address's counter counts the batch's searches, and the one multi-row insert is made only within the
 * limit. Searches older than MARKETPLACE_SEARCH_MAX_AGE_DAYS or in the future are left out. The
 * insert's trigger adds them to buyer_demand_counts in the same transaction.
 */
const storeBatch = preparedStatement<StoreRow>(
  () => sql`
    with hit as (${countHitSql(p('key'), MARKETPLACE_SEARCHES_PER_ADDRESS.windowSeconds, { weight: sql`${p('weight')}::int` })}),
    stored as (
      insert into marketplace_searches (searched_at, state, suburbs, bedrooms, price_min, price_max, buyer_type)
      select s.searched_at, s.state, s.suburbs, s.bedrooms, s.price_min, s.price_max, s.buyer_type
      from jsonb_to_recordset(${p('searches')}::jsonb) as s(searched_at timestamptz, state australian_state,
        suburbs text[], bedrooms smallint, price_min integer, price_max integer, buyer_type lead_buyer_type)
      where (select hits from hit) <= ${MARKETPLACE_SEARCHES_PER_ADDRESS.max}
        and s.searched_at >= now() - make_interval(days => ${MARKETPLACE_SEARCH_MAX_AGE_DAYS})
        and s.searched_at <= now() + interval '${sql.raw(CLOCK_SKEW)}'
      returning 1
    )
    select hit.hits, hit.reset_in, (select count(*)::int from stored) as stored from hit`,
);

/** Each suburb once, however it was cased or repeated (the first spelling kept). */
function distinctSuburbs(suburbs: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const suburb of suburbs) if (!seen.has(suburb.toLowerCase())) seen.set(suburb.toLowerCase(), suburb);
  return [...seen.values()];
}

export type StoredSearches =
  | { outcome: 'stored'; stored: number }
  | { outcome: 'limited'; retryAfterSeconds: number };

/** Counts the batch against the address's limit and stores its searches. */
export async function storeMarketplaceSearches(
  db: Db,
  limitKey: string,
  searches: readonly MarketplaceSearchInput[],
): Promise<StoredSearches> {
  const rows = searches.map((search) => ({
    searched_at: search.searchedAt,
    state: search.state,
    suburbs: distinctSuburbs(search.suburbs),
    bedrooms: search.bedrooms ?? null,
    price_min: search.priceMin ?? null,
    price_max: search.priceMax ?? null,
    buyer_type: search.buyerType ?? null,
  }));
  const [row] = await storeBatch(db, { key: limitKey, weight: rows.length, searches: JSON.stringify(rows) });
  if (!row) throw new Error('the marketplace search intake answered no row');
  if (Number(row.hits) > MARKETPLACE_SEARCHES_PER_ADDRESS.max) {
    return { outcome: 'limited', retryAfterSeconds: Math.max(1, Number(row.reset_in)) };
  }
  return { outcome: 'stored', stored: Number(row.stored) };
}

/** Forgets the address counters whose minute ended. */
export const forgetEndedMarketplaceSearchLimits = (db: Db) =>
  forgetEndedCounters(db, LIMIT_KEY_PREFIX, MARKETPLACE_SEARCHES_PER_ADDRESS.windowSeconds);
