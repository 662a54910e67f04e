import { ANALYTICS, analyticsEventSchema } from '@offplan/shared';
import { describe, expect, it } from 'vitest';
import { createEventQueue } from './event-queue.ts';
import { ANALYTICS_STORAGE_KEYS, memoryStore } from './storage.ts';
import { testEvents } from './test-utils.ts';

describe('stored events (spec §9: 1000 at most)', () => {
  it('keeps at most 1000 events across a reload, dropping the oldest', () => {
    expect(ANALYTICS.maxStoredEvents).toBe(1000);
    const store = memoryStore();
    const events = testEvents(1200);
    const queue = createEventQueue({ store });
    for (const event of events) queue.add(event);
    expect(queue.size()).toBe(1000);

    // A reload: a new page reads what the last one stored.
    const reloaded = createEventQueue({ store });
    expect(reloaded.size()).toBe(1000);
    expect(reloaded.pending()[0]?.insert_id).toBe(events[200]?.insert_id);
    expect(reloaded.pending().at(-1)?.insert_id).toBe(events[1199]?.insert_id);
    for (const event of reloaded.pending()) expect(analyticsEventSchema.safeParse(event).success).toBe(true);
  });

  it('removes sent events by id, even when others arrived meanwhile', () => {
    const store = memoryStore();
    const queue = createEventQueue({ store });
    const [first, second, third] = testEvents(3);
    queue.add(first!);
    queue.add(second!);
    queue.add(third!);
    queue.remove([first!.insert_id, third!.insert_id]);
    expect(
      createEventQueue({ store })
        .pending()
        .map((event) => event.insert_id),
    ).toEqual([second!.insert_id]);
  });

  it('drops stored entries that are no longer valid events', () => {
    const store = memoryStore();
    const [valid] = testEvents(1);
    store.setItem(ANALYTICS_STORAGE_KEYS.events, JSON.stringify([{ nonsense: true }, valid, 'x']));
    expect(createEventQueue({ store }).pending()).toEqual([valid]);
    store.setItem(ANALYTICS_STORAGE_KEYS.events, '{not json');
    expect(createEventQueue({ store }).size()).toBe(0);
  });

  it('keeps the newer events when storage is nearly full', () => {
    const values = new Map<string, string>();
    const tight = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => {
        if (value.length > 2000) throw new DOMException('full', 'QuotaExceededError');
        values.set(key, value);
      },
      removeItem: (key: string) => void values.delete(key),
    };
    const queue = createEventQueue({ store: tight });
    const events = testEvents(20);
    for (const event of events) queue.add(event);
    expect(queue.size()).toBe(20);
    const stored = createEventQueue({ store: tight }).pending();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.at(-1)?.insert_id).toBe(events[19]?.insert_id);
  });

  it('takes another tab’s list when told it changed', () => {
    const store = memoryStore();
    const mine = createEventQueue({ store });
    const other = createEventQueue({ store });
    other.add(testEvents(1)[0]!);
    expect(mine.size()).toBe(0);
    mine.reload();
    expect(mine.size()).toBe(1);
  });
});
