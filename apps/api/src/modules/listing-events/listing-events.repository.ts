import {
  type DeviceClass,
  LISTING_EVENTS_PER_ADDRESS_PER_MINUTE,
  type ListingEventKind,
} from '@offplan/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared-statement.ts';
import { countHitSql, forgetEndedCounters, type ThrottleWindow } from '../../lib/throttle.ts';

const LIMIT_KEY_PREFIX = 'listing-events:';

/** The throttle key of a client address's listing events. */
export const listingEventLimitKey = (clientIp: string | undefined) =>
  `${LIMIT_KEY_PREFIX}${clientIp ?? 'unknown'}`;

/** Decision 028: events per client address per minute, counted in the database across processes. */
export const LISTING_EVENTS_PER_ADDRESS: ThrottleWindow = {
  windowSeconds: 60,
  max: LISTING_EVENTS_PER_ADDRESS_PER_MINUTE,
};

export type ListingEventsToStore = {
  /** The throttle key of the client address (events, not requests, are counted). */
  limitKey: string;
  events: readonly { projectId: number; kind: ListingEventKind }[];
  visitor: { register: number; rank: number };
  device: DeviceClass;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
};

export type StoredListingEvents =
  | { outcome: 'stored'; stored: number }
  /** Over the address's limit: counted, nothing stored. */
  | { outcome: 'limited'; retryAfterSeconds: number };

type StoreRow = { hits: number; reset_in: number; stored: number };

const p = sql.placeholder;

/**
 * The whole intake of a batch in one statement, built once and prepared per connection (decision 022:
 * this path must take thousands of events a second):
 * - `hit` counts the batch's events on the address's counter (lib/throttle.ts, weighted by the number
 *   of events), so a flood of full batches stops at the same number of events as single ones;
 * - `listed` keeps the projects that have a public page (on the marketplace: not hidden, not stopped);
 * - `stored` is the one multi-row insert, made only when the counter is within its limit. `tx` and
 *   `occurred_at` take their defaults: the inserting transaction and the server's clock.
 */
const storeBatch = preparedStatement<StoreRow>(
  () => sql`
    with hit as (${countHitSql(p('key'), LISTING_EVENTS_PER_ADDRESS.windowSeconds, { weight: sql`${p('weight')}::int` })}),
    listed as (
      select id from projects
      where id = any(${p('projectIds')}::int[]) and sales_status <> 'HIDDEN' and stage <> 'NOT_PROCEEDING'
    ),
    stored as (
      insert into listing_events (project_id, kind, visitor_register, visitor_rank, device,
        referrer_host, utm_source, utm_medium, utm_campaign)
      select event.project_id, event.kind::listing_event_kind, ${p('register')}::int, ${p('rank')}::smallint,
        ${p('device')}::device_class, ${p('referrerHost')}::text, ${p('utmSource')}::text,
        ${p('utmMedium')}::text, ${p('utmCampaign')}::text
      from unnest(${p('projectIds')}::int[], ${p('kinds')}::text[]) as event(project_id, kind)
      join listed on listed.id = event.project_id
      where (select hits from hit) <= ${LISTING_EVENTS_PER_ADDRESS.max}
      returning 1
    )
    select hit.hits, hit.reset_in, (select count(*)::int from stored) as stored from hit`,
);

/** Counts the batch against the address's limit and stores its events on listings with a public page. */
export async function storeListingEvents(db: Db, input: ListingEventsToStore): Promise<StoredListingEvents> {
  const [row] = await storeBatch(db, {
    key: input.limitKey,
    weight: input.events.length,
    projectIds: input.events.map((event) => event.projectId),
    kinds: input.events.map((event) => event.kind),
    register: input.visitor.register,
    rank: input.visitor.rank,
    device: input.device,
    referrerHost: input.referrerHost,
    utmSource: input.utmSource,
    utmMedium: input.utmMedium,
    utmCampaign: input.utmCampaign,
  });
  if (!row) throw new Error('the listing-event intake answered no row');
  if (Number(row.hits) > LISTING_EVENTS_PER_ADDRESS.max) {
    return { outcome: 'limited', retryAfterSeconds: Math.max(1, Number(row.reset_in)) };
  }
  return { outcome: 'stored', stored: Number(row.stored) };
}

/** Forgets the address counters whose minute ended (one row per address that ever visited, else). */
export const forgetEndedListingEventLimits = (db: Db) =>
  forgetEndedCounters(db, LIMIT_KEY_PREFIX, LISTING_EVENTS_PER_ADDRESS.windowSeconds);
