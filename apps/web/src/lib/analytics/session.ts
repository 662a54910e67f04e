import { ANALYTICS_STORAGE_KEYS, type KeyValueStore, readJson, removeKey, writeJson } from './storage.ts';

/** Spec §4 analytics session: its id is its start time in ms; `lastEventTime` decides when it ends. */
export type AnalyticsSession = { id: number; lastEventTime: number };

function isSession(value: unknown): value is AnalyticsSession {
  if (!value || typeof value !== 'object') return false;
  const { id, lastEventTime } = value as Record<string, unknown>;
  return Number.isSafeInteger(id) && (id as number) > 0 && Number.isSafeInteger(lastEventTime);
}

/**
 * The session an event at `now` belongs to: the previous one, unless `timeoutMs` has passed since its
 * last event (spec §4). A new id never repeats or precedes the previous one, even if the clock went back.
 */
export function nextSession(
  previous: AnalyticsSession | null,
  now: number,
  timeoutMs: number,
): { session: AnalyticsSession; started: boolean } {
  if (previous && now - previous.lastEventTime < timeoutMs) {
    return {
      session: { id: previous.id, lastEventTime: Math.max(now, previous.lastEventTime) },
      started: false,
    };
  }
  return { session: freshSession(previous, now), started: true };
}

function freshSession(previous: AnalyticsSession | null, now: number): AnalyticsSession {
  const id = previous && now <= previous.id ? previous.id + 1 : now;
  return { id, lastEventTime: now };
}

/**
 * The session kept in localStorage, read on every event so the tabs of one browser share it.
 */
export function createSessionStore(store: KeyValueStore) {
  const key = ANALYTICS_STORAGE_KEYS.session;
  const read = (): AnalyticsSession | null => {
    const value = readJson(store, key);
    return isSession(value) ? value : null;
  };
  return {
    current: read,
    /** The session id for an event at `now`; starts a new session after `timeoutMs` idle. */
    touch(now: number, timeoutMs: number): number {
      const { session } = nextSession(read(), now, timeoutMs);
      writeJson(store, key, session);
      return session.id;
    },
    /** A new campaign (spec §4) starts a new session now. */
    startNew(now: number): number {
      const session = freshSession(read(), now);
      writeJson(store, key, session);
      return session.id;
    },
    clear(): void {
      removeKey(store, key);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
