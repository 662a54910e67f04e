/** The localStorage keys the tracker keeps (spec §2 campaign and visitor, §4 session, §9 stored events). */
export const ANALYTICS_STORAGE_KEYS = {
  events: 'offplan.analytics.events',
  session: 'offplan.analytics.session',
  deviceId: 'offplan.analytics.device-id',
  campaignId: 'offplan.analytics.campaign-id',
  user: 'offplan.analytics.user',
} as const;

/** The part of the Web Storage API the tracker uses; tests hand in a shared one to simulate reloads. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A store kept in memory: the fallback when localStorage is refused, and the tests' browser. */
export function memoryStore(): KeyValueStore & { readonly size: number } {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, String(value));
    },
    removeItem: (key) => {
      values.delete(key);
    },
    get size() {
      return values.size;
    },
  };
}

/**
 * localStorage when the browser allows it (private modes and sandboxed frames may refuse it, or
 * throw on first touch), else memory: tracking then lasts until the page closes.
 */
export function browserStore(): KeyValueStore {
  try {
    const storage = window.localStorage;
    const probe = 'offplan.analytics.probe';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return memoryStore();
  }
}

/** Reads a JSON value; anything unreadable counts as absent. */
export function readJson(store: KeyValueStore, key: string): unknown {
  try {
    const raw = store.getItem(key);
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** Writes a JSON value; false when the store refused it (quota, private mode). */
export function writeJson(store: KeyValueStore, key: string, value: unknown): boolean {
  try {
    store.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeKey(store: KeyValueStore, key: string): void {
  try {
    store.removeItem(key);
  } catch {
    // Nothing to do: the value stays until the store accepts writes again.
  }
}
