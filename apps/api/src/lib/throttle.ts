import { ERROR_CODES } from '@offplan/shared';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../db/client.ts';
import { executePrepared } from '../db/prepared-statement.ts';
import type { AppEnv } from './context.ts';
import { AppError } from './errors.ts';
import { limitNameOf } from './metrics.ts';

/** Both drivers (PGlite and node-postgres) answer `execute` with `rows`. */
type CounterRows = { rows: { hits: number; reset_in: number }[] };

export type ThrottleWindow = { windowSeconds: number; max: number };

export type ThrottleHit = { allowed: boolean; hits: number; retryAfterSeconds: number };

/**
 * One counter's upsert: hits in its window, or the first of a new window once the last one ended.
 * `from`: counted only for the rows it gives (`from listing where open`), else always. `weight`: how
 * many hits this call counts (a batch of listing events counts each event), one by default.
 */
export function countHitSql(
  key: string | Placeholder,
  windowSeconds: number,
  { from, weight = sql`1` }: { from?: SQL; weight?: SQL } = {},
) {
  return sql`
    insert into throttle_counters as counter (key, window_started_at, hits)
    ${from ? sql`select ${key}, now(), ${weight} ${from}` : sql`values (${key}, now(), ${weight})`}
    on conflict (key) do update set
      hits = case when counter.window_started_at <= now() - make_interval(secs => ${windowSeconds})
        then excluded.hits else counter.hits + excluded.hits end,
      window_started_at = case when counter.window_started_at <= now() - make_interval(secs => ${windowSeconds})
        then now() else counter.window_started_at end
    returning hits,
      ceil(extract(epoch from (window_started_at + make_interval(secs => ${windowSeconds}) - now())))::int as reset_in`;
}

/**
 * The counters as parts of one statement, for a caller that counts them with other work (the enquiry
 * intake): `ctes` (named hit0, hit1, …), `over` (whether any counter went over its limit) and `hits`
 * (a JSON array of `{hits, reset_in}` in the counters' order, for `readThrottleHits`). Keys must differ;
 * a key may be a placeholder of a statement built once.
 */
export function throttleCountingSql(
  counters: readonly { key: string | Placeholder; window: ThrottleWindow }[],
  from?: SQL,
) {
  const ctes = counters.map(
    ({ key, window }, i) =>
      sql`${sql.raw(`hit${i}`)} as (${countHitSql(key, window.windowSeconds, { from })})`,
  );
  const picks = counters.map((_, i) => sql.raw(`select ${i} as position, hits, reset_in from hit${i}`));
  const over = counters.length
    ? sql.join(
        counters.map(
          ({ window }, i) => sql`exists (select 1 from ${sql.raw(`hit${i}`)} where hits > ${window.max})`,
        ),
        sql` or `,
      )
    : sql`false`;
  const hits = counters.length
    ? sql`(select json_agg(json_build_object('hits', hits, 'reset_in', reset_in) order by position)
        from (${sql.join(picks, sql` union all `)}) as counted)`
    : sql`'[]'::json`;
  return { ctes, over, hits };
}

/** What `throttleCountingSql`'s `hits` says, per counter in order (a counter not counted as its first hit). */
export function readThrottleHits(
  counters: readonly { window: ThrottleWindow }[],
  hits: readonly { hits: number; reset_in: number }[] | null,
): ThrottleHit[] {
  return counters.map(({ window }, i) => {
    const row = hits?.[i];
    const count = Number(row?.hits ?? 1);
    return {
      allowed: count <= window.max,
      hits: count,
      retryAfterSeconds: Math.max(1, Number(row?.reset_in ?? window.windowSeconds)),
    };
  });
}

/**
 * Counts one hit on `key` in a fixed window, atomically in the database so every process shares the
 * count. Answers whether the hit is within the limit and how long until the window resets.
 */
export async function hitThrottle(db: Db, key: string, window: ThrottleWindow): Promise<ThrottleHit> {
  const counters = [{ key, window }];
  const { ctes, hits } = throttleCountingSql(counters);
  const [row] = await executePrepared<{ hits: { hits: number; reset_in: number }[] }>(
    db,
    sql`with ${sql.join(ctes, sql`, `)} select ${hits} as hits`,
  );
  return readThrottleHits(counters, row?.hits ?? null)[0]!;
}

/** The hits on `key` in its current window, without counting one. */
export async function peekThrottle(db: Db, key: string, { windowSeconds, max }: ThrottleWindow) {
  const result = (await db.execute(sql`
    select hits,
      ceil(extract(epoch from (window_started_at + make_interval(secs => ${windowSeconds}) - now())))::int as reset_in
    from throttle_counters
    where key = ${key} and window_started_at > now() - make_interval(secs => ${windowSeconds})`)) as unknown as CounterRows;
  const row = result.rows[0];
  const hits = Number(row?.hits ?? 0);
  return {
    allowed: hits < max,
    hits,
    retryAfterSeconds: Math.max(1, Number(row?.reset_in ?? windowSeconds)),
  };
}

/**
 * Forgets the counters under `keyPrefix` whose window ended: a key per client address would otherwise
 * keep a row for every address that ever called. Answers how many were removed.
 */
export async function forgetEndedCounters(db: Db, keyPrefix: string, windowSeconds: number) {
  const result = (await db.execute(sql`
    delete from throttle_counters
    where starts_with(key, ${keyPrefix})
      and window_started_at <= now() - make_interval(secs => ${windowSeconds})
    returning 1`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/** Forgets `key` (a successful sign-in clears its failure count). */
export async function resetThrottle(db: Db, key: string) {
  await db.execute(sql`delete from throttle_counters where key = ${key}`);
}

/**
 * Counts one hit on `key` for a call; past the limit the call is refused with 429 RATE_LIMITED, a
 * Retry-After header and `message(seconds until the window resets)`, and the refusal is counted in
 * `offplan_rate_limit_refusals_total` under the key's name (`feedback:{user}` → `feedback`).
 */
export async function refuseOverLimit(
  c: Context<AppEnv>,
  key: string,
  window: ThrottleWindow,
  message: (retryAfterSeconds: number) => string,
) {
  const limit = await hitThrottle(c.get('deps').database.db, key, window);
  if (limit.allowed) return;
  c.get('deps').metrics.rateLimitRefusals.inc({ limit: limitNameOf(key) });
  c.header('Retry-After', String(limit.retryAfterSeconds));
  throw new AppError(429, ERROR_CODES.rateLimited, message(limit.retryAfterSeconds));
}
