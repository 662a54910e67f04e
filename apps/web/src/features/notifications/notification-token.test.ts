import { NOTIFICATION_TOKEN_LIFETIME_MS } from '@offplan/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  getNotificationToken,
  isReusable,
  NOTIFICATION_PACKAGE,
  NOTIFICATION_TOKEN_STORAGE_KEY,
  readCachedToken,
} from './api/notification-token.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    data,
  };
}

const NOW = 1_800_000_000_000;
const cached = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    email: 'dana@example.com',
    token: 'old-token',
    created: NOW - 1000,
    package: NOTIFICATION_PACKAGE,
    ...overrides,
  });

describe('notification token cache (spec §3, §5)', () => {
  it('reuses a cached token under 22 hours old with the same email and package, asking nothing', async () => {
    const storage = memoryStorage({
      [NOTIFICATION_TOKEN_STORAGE_KEY]: cached({ created: NOW - NOTIFICATION_TOKEN_LIFETIME_MS + 1 }),
    });
    const request = vi.fn(async () => 'new-token');
    await expect(
      getNotificationToken('dana@example.com', { storage, now: () => NOW, request }),
    ).resolves.toBe('old-token');
    expect(request).not.toHaveBeenCalled();
  });

  it.each([
    ['is 22 hours old', { created: NOW - NOTIFICATION_TOKEN_LIFETIME_MS }],
    ['is older than 22 hours', { created: NOW - NOTIFICATION_TOKEN_LIFETIME_MS - 60_000 }],
    ['is for another email', { email: 'someone@example.com' }],
    ['is for another package', { package: 'another-app' }],
    ['was made in the future', { created: NOW + 60_000 }],
    ['is malformed', { created: 'yesterday' }],
  ])(
    'asks for a new token when the cached one %s, and caches it {email, token, created, package}',
    async (_, overrides) => {
      const storage = memoryStorage({ [NOTIFICATION_TOKEN_STORAGE_KEY]: cached(overrides) });
      const request = vi.fn(async () => 'new-token');
      await expect(
        getNotificationToken('dana@example.com', { storage, now: () => NOW, request }),
      ).resolves.toBe('new-token');
      expect(request).toHaveBeenCalledWith('dana@example.com');
      expect(JSON.parse(storage.data.get(NOTIFICATION_TOKEN_STORAGE_KEY) ?? '')).toEqual({
        email: 'dana@example.com',
        token: 'new-token',
        created: NOW,
        package: NOTIFICATION_PACKAGE,
      });
    },
  );

  it('asks for a token when nothing is cached or the cache is not JSON', async () => {
    for (const storage of [memoryStorage(), memoryStorage({ [NOTIFICATION_TOKEN_STORAGE_KEY]: '{oops' })]) {
      const request = vi.fn(async () => 't');
      await getNotificationToken('dana@example.com', { storage, now: () => NOW, request });
      expect(request).toHaveBeenCalledOnce();
    }
  });

  it('compares emails without regard to case', () => {
    const entry = readCachedToken(memoryStorage({ [NOTIFICATION_TOKEN_STORAGE_KEY]: cached() }));
    expect(isReusable(entry, 'DANA@example.com', NOTIFICATION_PACKAGE, NOW)).toBe(true);
  });
});
