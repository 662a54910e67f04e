import type { AnalyticsUser } from '@offplan/shared';
import { type AnalyticsProperties, type AnalyticsPropertyValue, sanitizeProperties } from './properties.ts';
import { ANALYTICS_STORAGE_KEYS, type KeyValueStore, readJson, removeKey, writeJson } from './storage.ts';

export type StoredUser = { userId: string; properties: Record<string, AnalyticsPropertyValue> };

function readUser(store: KeyValueStore): StoredUser | null {
  const value = readJson(store, ANALYTICS_STORAGE_KEYS.user);
  if (!value || typeof value !== 'object') return null;
  const { userId, properties } = value as Record<string, unknown>;
  if (typeof userId !== 'string' || !userId || userId.length > 128) return null;
  return { userId, properties: sanitizeProperties((properties ?? {}) as AnalyticsProperties) };
}

/**
 * Who the events are about, kept in `store`: the anonymous visitor (device id, kept across visits and
 * created on first use) and the identified user with their spec §3 user properties.
 */
export function createIdentity(store: KeyValueStore, newId: () => string) {
  function setDeviceId(id: string): void {
    try {
      store.setItem(ANALYTICS_STORAGE_KEYS.deviceId, id);
    } catch {
      // Kept for this event only; the next one makes another.
    }
  }

  return {
    deviceId(): string {
      try {
        const stored = store.getItem(ANALYTICS_STORAGE_KEYS.deviceId);
        if (stored && stored.length <= 128) return stored;
      } catch {
        // Unreadable: a new id below.
      }
      const id = newId();
      setDeviceId(id);
      return id;
    },
    setDeviceId,
    user: () => readUser(store),
    /** Spec §3 user properties (and any `extra`) for every later event; written only when they changed. */
    identify(user: AnalyticsUser, extra: AnalyticsProperties = {}): void {
      const next: StoredUser = {
        userId: user.user_id,
        properties: sanitizeProperties({ ...user, ...extra }),
      };
      const current = readUser(store);
      if (current && JSON.stringify(current) === JSON.stringify(next)) return;
      writeJson(store, ANALYTICS_STORAGE_KEYS.user, next);
    },
    forgetUser(): void {
      removeKey(store, ANALYTICS_STORAGE_KEYS.user);
    },
  };
}

export type Identity = ReturnType<typeof createIdentity>;
