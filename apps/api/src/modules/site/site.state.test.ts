import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../lib/context.ts';
import type { StoredSiteSettings } from './site.repository.ts';
import { cachedSiteSettings, forgetSiteSettings } from './site.state.ts';

/** A database whose site-settings reads answer only when the test says so. */
function slowDatabase() {
  const reads: ((rows: StoredSiteSettings[]) => void)[] = [];
  const db = {
    select: () => ({
      from: () => ({
        leftJoin: () => ({
          where: () => new Promise<StoredSiteSettings[]>((resolve) => reads.push(resolve)),
        }),
      }),
    }),
  };
  const deps = { settings: { maintenanceMode: false }, database: { db } } as unknown as AppDeps;
  return { deps, reads };
}

const row = (maintenanceMode: boolean): StoredSiteSettings => ({
  maintenanceMode,
  updatedAt: null,
  updatedBy: null,
});

describe('site settings cache (review R2)', () => {
  it('after a write is forgotten, a read begun before it neither answers nor caches the old value', async () => {
    const { deps, reads } = slowDatabase();
    const before = cachedSiteSettings(deps); // a read in flight while an admin switches maintenance on
    forgetSiteSettings(deps); // the switching process forgets its copy
    const after = cachedSiteSettings(deps);
    expect(reads).toHaveLength(2); // a fresh read, not the one begun before the write
    reads[1]!([row(true)]);
    reads[0]!([row(false)]);
    expect((await before).maintenanceMode).toBe(false);
    expect((await after).maintenanceMode).toBe(true);
    // The old read finishing last does not put the old value back in the cache.
    expect((await cachedSiteSettings(deps)).maintenanceMode).toBe(true);
    expect(reads).toHaveLength(2);
  });
});
