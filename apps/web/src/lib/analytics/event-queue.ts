import { ANALYTICS, type AnalyticsEvent, analyticsEventCheck } from '@offplan/shared';
import { ANALYTICS_STORAGE_KEYS, type KeyValueStore, readJson, writeJson } from './storage.ts';

export type EventQueueOptions = {
  store: KeyValueStore;
  /** Spec §9: at most 1000 stored events; the oldest go first. */
  maxEvents?: number;
  key?: string;
};

/** Events stored as they were before a reload; anything that no longer passes the schema is dropped. */
function readStoredEvents(store: KeyValueStore, key: string, maxEvents: number): AnalyticsEvent[] {
  const stored = readJson(store, key);
  if (!Array.isArray(stored)) return [];
  const events: AnalyticsEvent[] = [];
  for (const item of stored) {
    const parsed = analyticsEventCheck.safeParse(item);
    if (parsed.success) events.push(parsed.data);
  }
  return events.slice(-maxEvents);
}

/**
 * The events waiting to be sent, kept in localStorage so a reload or a closed tab loses none
 * (spec §9: 1000 at most, the oldest dropped). Sent events leave by id, so the list may change while
 * a batch is in flight.
 */
export function createEventQueue(options: EventQueueOptions) {
  const { store } = options;
  const maxEvents = options.maxEvents ?? ANALYTICS.maxStoredEvents;
  const key = options.key ?? ANALYTICS_STORAGE_KEYS.events;
  let events = readStoredEvents(store, key, maxEvents);

  /** When storage is full, keep the newer half and try again; the list in memory stays whole. */
  const persist = () => {
    let kept = events;
    while (!writeJson(store, key, kept) && kept.length > 0) kept = kept.slice(Math.ceil(kept.length / 2));
  };

  return {
    pending(): readonly AnalyticsEvent[] {
      return events;
    },
    size(): number {
      return events.length;
    },
    add(event: AnalyticsEvent): void {
      events = [...events, event];
      if (events.length > maxEvents) events = events.slice(events.length - maxEvents);
      persist();
    },
    remove(insertIds: Iterable<string>): void {
      const gone = new Set(insertIds);
      if (gone.size === 0) return;
      const before = events.length;
      events = events.filter((event) => !gone.has(event.insert_id));
      if (events.length !== before) persist();
    },
    /** Another tab changed the stored list (a `storage` event): take it as the truth. */
    reload(): void {
      events = readStoredEvents(store, key, maxEvents);
    },
    clear(): void {
      events = [];
      persist();
    },
  };
}

export type EventQueue = ReturnType<typeof createEventQueue>;
