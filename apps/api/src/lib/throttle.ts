import { ERROR_CODES } from '@offplan/shared';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../db/client.ts';
import { executePrepared } from '../db/prepared-statement.ts';
import type { AppEnv } from './context.ts';
import { AppError } from './errors.ts';

/** Both drivers (PGlite and node-postgres) answer `execute` with `rows`. */
type CounterRows = { rows: { hits: number; reset_in: number }[] };

export type ThrottleWindow = { windowSeconds: number; max: number };

type ThrottleHit = { allowed: boolean; hits: number; retryAfterSeconds: number };

/** One counter's upsert: a hit in its window, or the first of a new window once the last one ended. */
function countHit(key: string, windowSeconds: number) {
  return sql`
    insert into throttle_counters as counter (key, window_started_at, hits)
    values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when counter.window_started_at <= now() - make_interval(secs => ${windowSeconds})
        then 1 else counter.hits + 1 end,
      window_started_at = case when counter.window_started_at <= now() - make_interval(secs => ${windowSeconds})
        then now() else counter.window_started_at end
    returning hits,
      ceil(extract(epoch from (window_started_at + make_interval(secs => ${windowSeconds}) - now())))::int as reset_in`;
}

/**
 * Counts one hit on each key in its fixed window, atomically in the database so every process shares
 * the counts, in one statement (the enquiry intake counts two limits per enquiry). Answers, in the
 * order given, whether each hit is within its limit and how long until its window resets.
 */
export async function hitThrottles(
  db: Db,
  counters: readonly { key: string; window: ThrottleWindow }[],
): Promise<ThrottleHit[]> {
  if (counters.length === 0) return [];
  const ctes = counters.map(
    ({ key, window }, i) => sql`${sql.raw(`hit${i}`)} as (${countHit(key, window.windowSeconds)})`,
  );
  const picks = counters.map((_, i) => sql.raw(`select ${i} as position, hits, reset_in from hit${i}`));
  const rows = await executePrepared<{ position: number; hits: number; reset_in: number }>(
    db,
    sql`with ${sql.join(ctes, sql`, `)} ${sql.join(picks, sql` union all `)}`,
  );
  return counters.map(({ window }, i) => {
    const row = rows.find((candidate) => Number(candidate.position) === i);
    const hits = Number(row?.hits ?? 1);
    return {
      allowed: hits <= window.max,
      hits,
      retryAfterSeconds: Math.max(1, Number(row?.reset_in ?? window.windowSeconds)),
    };
  });
}

/** Counts one hit on `key` (see hitThrottles). */
export async function hitThrottle(db: Db, key: string, window: ThrottleWindow): Promise<ThrottleHit> {
  const [hit] = await hitThrottles(db, [{ key, window }]);
  return hit!;
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

/** Forgets `key` (a successful sign-in clears its failure count). */
export async function resetThrottle(db: Db, key: string) {
  await db.execute(sql`delete from throttle_counters where key = ${key}`);
}

/**
 * Counts one hit on `key` for a call; past the limit the call is refused with 429 RATE_LIMITED, a
 * Retry-After header and `message(seconds until the window resets)`.
 */
export async function refuseOverLimit(
  c: Context<AppEnv>,
  key: string,
  window: ThrottleWindow,
  message: (retryAfterSeconds: number) => string,
) {
  const limit = await hitThrottle(c.get('deps').database.db, key, window);
  if (limit.allowed) return;
  c.header('Retry-After', String(limit.retryAfterSeconds));
  throw new AppError(429, ERROR_CODES.rateLimited, message(limit.retryAfterSeconds));
}
