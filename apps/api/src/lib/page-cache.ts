import { gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { pagePurges } from '../db/schema/index.ts';
import type { AppDeps } from './context.ts';
import type { Logger } from './logger.ts';

/** A rendered public page kept in memory. */
export type CachedPage = {
  status: number;
  body: string;
  headers: Record<string, string>;
  storedAt: number;
};

export type PageCacheOptions = {
  /** Most pages kept; the least recently used goes first. */
  maxEntries?: number;
  /** A page older than this is rendered again even without a purge. */
  ttlMs?: number;
  /** How often purges written by other processes are read (issue 5: fresh within a second). */
  pollMs?: number;
  logger?: Logger;
};

/** Purge rows are kept this long, then deleted by the poller. */
const PURGE_ROW_RETENTION_MS = 24 * 60 * 60 * 1000;
/** Rows are read again this far back, so a purge committed late (out of id order) is never missed. */
const POLL_OVERLAP_MS = 2000;
/** Every path is purged by a row with this path. */
export const PURGE_ALL = '*';

/**
 * In-process LRU cache of public pages (a Map in insertion order is the LRU list), with purges shared
 * between processes through the `page_purges` table: `purge` drops the page here at once and writes a
 * row; every process polls for new rows every `pollMs` (default 400 ms) and drops those paths too.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly pollMs: number;
  private readonly logger: Logger | undefined;
  private timer: NodeJS.Timeout | undefined;
  private since: Date | undefined;
  private polling = false;
  /** Purge rows already acted on (the overlap window reads them again). */
  private seen = new Set<number>();
  private lastCleanup = 0;
  hits = 0;
  misses = 0;
  /** Bumped by every eviction: a render that started before one is not stored (it may be stale). */
  generation = 0;

  constructor(
    private readonly db: Db,
    options: PageCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 2000;
    this.ttlMs = options.ttlMs ?? 10 * 60 * 1000;
    this.pollMs = Math.min(options.pollMs ?? 400, 500);
    this.logger = options.logger;
  }

  get size() {
    return this.entries.size;
  }

  get(path: string): CachedPage | undefined {
    const entry = this.fresh(path);
    if (!entry) this.misses += 1;
    return entry;
  }

  /**
   * `get` without counting a miss: the edge (edge.ts) asks before the route does, and a page it does not
   * have is then asked for again by the route.
   */
  fresh(path: string): CachedPage | undefined {
    const entry = this.entries.get(path);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt > this.ttlMs) {
      this.entries.delete(path);
      return undefined;
    }
    // Most recently used goes to the end.
    this.entries.delete(path);
    this.entries.set(path, entry);
    this.hits += 1;
    return entry;
  }

  /** Stores a page rendered from data read after `generation` was taken, unless an eviction came in between. */
  set(path: string, page: Omit<CachedPage, 'storedAt'>, generation = this.generation) {
    if (generation !== this.generation) return;
    this.entries.delete(path);
    this.entries.set(path, { ...page, storedAt: Date.now() });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Drops a path (or every path with `*`) from this process only. */
  evict(path: string) {
    this.generation += 1;
    if (path === PURGE_ALL) this.entries.clear();
    else this.entries.delete(path);
  }

  /** Drops the paths here and tells every other process through the database. */
  async purge(paths: readonly string[], db: Db = this.db) {
    const unique = [...new Set(paths)];
    if (!unique.length) return;
    for (const path of unique) this.evict(path);
    const rows = await db
      .insert(pagePurges)
      .values(unique.map((path) => ({ path })))
      .returning({ id: pagePurges.id });
    for (const row of rows) this.seen.add(row.id);
  }

  /** Starts reading other processes' purges (idempotent; the timer never keeps the process alive). */
  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.poll(), this.pollMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Reads purges written since the last look and evicts their paths; also trims old rows. */
  async poll() {
    if (this.polling) return;
    this.polling = true;
    try {
      // The database's clock, so processes on hosts with skewed clocks agree on "since".
      const result = (await this.db.execute(sql`select now()::text as now`)) as unknown as {
        rows: { now: string }[];
      };
      const now = result.rows[0]!.now;
      const dbNow = new Date(now);
      const since = this.since ?? dbNow;
      const rows = await this.db
        .select({ id: pagePurges.id, path: pagePurges.path })
        .from(pagePurges)
        .where(gt(pagePurges.createdAt, new Date(since.getTime() - POLL_OVERLAP_MS)));
      // The first look only sets the starting point: nothing is cached yet.
      if (this.since) {
        for (const row of rows) if (!this.seen.has(row.id)) this.evict(row.path);
      }
      this.seen = new Set(rows.map((row) => row.id));
      this.since = dbNow;
      if (Date.now() - this.lastCleanup > 10 * 60 * 1000) {
        this.lastCleanup = Date.now();
        await this.db
          .delete(pagePurges)
          .where(lt(pagePurges.createdAt, new Date(dbNow.getTime() - PURGE_ROW_RETENTION_MS)));
      }
    } catch (error) {
      // A closed database (process shutting down, a finished test) stops the poller; outages do not.
      const reason = `${(error as Error)?.message} ${((error as Error)?.cause as Error | undefined)?.message}`;
      if (/PGlite is closed|after calling end on the pool/i.test(reason)) this.stop();
      else this.logger?.warn({ err: error }, 'page cache purge poll failed');
    } finally {
      this.polling = false;
    }
  }
}

const caches = new WeakMap<object, PageCache>();

/**
 * The page cache of one composed app, keyed by its deps: two apps built over one database in a test are
 * two "processes", each with its own cache, kept fresh only through `page_purges`.
 */
export function pageCacheFor(deps: Pick<AppDeps, 'database' | 'logger'>): PageCache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new PageCache(deps.database.db, { logger: deps.logger });
    caches.set(deps, cache);
    cache.start();
    void cache.poll();
  }
  return cache;
}

/**
 * Purges public paths everywhere: this process, the other processes (through the database) and,
 * when PUBLIC_SITE_URL and PUBLIC_SITE_PURGE_TOKEN are set, the public site's own cache
 * (spec §7 `GET {public site}/api/purge?token=&path=`: fire-and-forget with a timeout, logged).
 */
export async function purgePublicPaths(
  deps: Pick<AppDeps, 'database' | 'logger' | 'settings'>,
  paths: readonly string[],
  log: Logger = deps.logger,
) {
  await pageCacheFor(deps).purge(paths);
  const site = deps.settings.listings.publicSite;
  if (!site) return;
  for (const path of new Set(paths)) {
    const url = `${site.url}/api/purge?token=${encodeURIComponent(site.token)}&path=${encodeURIComponent(path)}`;
    void fetch(url, { signal: AbortSignal.timeout(3000) })
      .then((response) => {
        if (response.ok) log.info({ path, status: response.status }, 'public site purged');
        else log.warn({ path, status: response.status }, 'public site purge refused');
      })
      .catch((error: unknown) => log.warn({ path, err: error }, 'public site purge failed'));
  }
}
