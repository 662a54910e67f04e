import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Both drivers (PGlite and node-postgres) answer `execute` with `rows`. */
type CounterRows = { rows: { hits: number; reset_in: number }[] };

export type ThrottleWindow = { windowSeconds: number; max: number };

/**
 * Counts one hit on `key` in a fixed window, atomically in the database so every process shares the
 * count. Answers whether the hit is within the limit and how long until the window resets.
 */
export async function hitThrottle(db: Db, key: string, { windowSeconds, max }: ThrottleWindow) {
  const result = (await db.execute(sql`
    insert into throttle_counters as counter (key, window_started_at, hits)
    values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when counter.window_started_at <= now() - make_interval(secs => ${windowSeconds})
        then 1 else counter.hits + 1 end,
      window_started_at = case when counter.window_started_at <= now() - make_interval(secs => ${windowSeconds})
        then now() else counter.window_started_at end
    returning hits,
      ceil(extract(epoch from (window_started_at + make_interval(secs => ${windowSeconds}) - now())))::int as reset_in`)) as unknown as CounterRows;
  const row = result.rows[0];
  const hits = Number(row?.hits ?? 1);
  return {
    allowed: hits <= max,
    hits,
    retryAfterSeconds: Math.max(1, Number(row?.reset_in ?? windowSeconds)),
  };
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
