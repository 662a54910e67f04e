import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { PageCache } from './page-cache.ts';

const page = (body: string) => ({ status: 200, body, headers: {} });

describe('PageCache', () => {
  it('keeps at most maxEntries pages, dropping the least recently used', () => {
    const cache = new PageCache({} as Db, { maxEntries: 2 });
    cache.set('/nsw/a', page('a'));
    cache.set('/nsw/b', page('b'));
    expect(cache.get('/nsw/a')?.body).toBe('a');
    cache.set('/nsw/c', page('c'));
    expect(cache.get('/nsw/b')).toBeUndefined();
    expect(cache.get('/nsw/a')?.body).toBe('a');
    expect(cache.get('/nsw/c')?.body).toBe('c');
  });

  it('does not store a render that began before an eviction (it may be stale)', () => {
    const cache = new PageCache({} as Db);
    const generation = cache.generation;
    cache.evict('/nsw/a');
    cache.set('/nsw/a', page('stale'), generation);
    expect(cache.get('/nsw/a')).toBeUndefined();
    cache.set('/nsw/a', page('fresh'), cache.generation);
    expect(cache.get('/nsw/a')?.body).toBe('fresh');
    cache.evict('*');
    expect(cache.size).toBe(0);
  });

  it('expires pages after the TTL', async () => {
    const cache = new PageCache({} as Db, { ttlMs: 5 });
    cache.set('/vic/x', page('x'));
    await new Promise((resolve) => setTimeout(resolve, 15));
    expect(cache.get('/vic/x')).toBeUndefined();
  });
});
