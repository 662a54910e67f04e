import {
  ANALYTICS,
  type AnalyticsEvent,
  analyticsBatchSchema,
  DEFAULT_ANALYTICS_CONFIG,
} from '@offplan/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventQueue } from './event-queue.ts';
import { memoryStore } from './storage.ts';
import { bulkyProperties, testEvent, testEvents } from './test-utils.ts';
import {
  createFetchSender,
  createTransport,
  eventBytes,
  outcomeOf,
  parseRetryAfter,
  type SendBeacon,
  type SendResult,
} from './transport.ts';

type Answer = (batch: readonly AnalyticsEvent[]) => SendResult;

function setup(answer: Answer = () => ({ status: 202 }), options: { sendBeacon?: SendBeacon } = {}) {
  const store = memoryStore();
  const queue = createEventQueue({ store });
  const sent: AnalyticsEvent[][] = [];
  const send = vi.fn(async (batch: readonly AnalyticsEvent[], _options: { keepalive: boolean }) => {
    sent.push([...batch]);
    return answer(batch);
  });
  const warn = vi.fn();
  const transport = createTransport({
    queue,
    send,
    config: () => DEFAULT_ANALYTICS_CONFIG,
    logger: { warn },
    sendBeacon: options.sendBeacon ?? null,
  });
  transport.start();
  const add = (events: AnalyticsEvent[]) => {
    for (const event of events) {
      queue.add(event);
      transport.schedule();
    }
  };
  return { store, queue, send, sent, warn, transport, add };
}

const sizes = (batches: AnalyticsEvent[][]) => batches.map((batch) => batch.length);

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 1, 9) });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('batching (spec §9: 10 events or 450 KB, else every 5000 ms)', () => {
  it('sends as soon as 10 events wait', async () => {
    expect(ANALYTICS.batchEvents).toBe(10);
    const { add, sent } = setup();
    add(testEvents(9));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(0);
    add(testEvents(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(sizes(sent)).toEqual([10]);
  });

  it('sends fewer events 5000 ms after the first one waits', async () => {
    expect(ANALYTICS.flushIntervalMs).toBe(5000);
    const { add, sent, queue } = setup();
    add(testEvents(3));
    await vi.advanceTimersByTimeAsync(4999);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sizes(sent)).toEqual([3]);
    expect(queue.size()).toBe(0);
  });

  it('sends as soon as 450 KB wait, in batches of at most 450 KB', async () => {
    const { add, sent } = setup();
    const big = testEvents(5, { event_properties: bulkyProperties(100) });
    expect(eventBytes(big[0]!)).toBeGreaterThan(100 * 1000);
    add(big.slice(0, 4));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(0);
    add(big.slice(4));
    await vi.advanceTimersByTimeAsync(0);
    expect(sizes(sent)).toEqual([4, 1]);
    for (const batch of sent) {
      expect(batch.reduce((total, event) => total + eventBytes(event), 0)).toBeLessThanOrEqual(
        ANALYTICS.batchBytes,
      );
    }
  });

  it('sends one batch at a time, oldest events first', async () => {
    let release: (() => void) | undefined;
    const { add, send, sent } = setup();
    send.mockImplementationOnce(async (batch) => {
      sent.push([...batch]);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { status: 202 };
    });
    const events = testEvents(20);
    add(events);
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    release?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.flat().map((event) => event.insert_id)).toEqual(events.map((event) => event.insert_id));
  });
});

describe('HTTP status handling (spec §8)', () => {
  it('maps statuses as the spec does', () => {
    expect([200, 202, 299].map(outcomeOf)).toEqual(['success', 'success', 'success']);
    expect(outcomeOf(429)).toBe('rate_limited');
    expect(outcomeOf(413)).toBe('payload_too_large');
    expect(outcomeOf(408)).toBe('timeout');
    expect([400, 401, 403, 404, 422].map(outcomeOf)).toEqual(Array(5).fill('invalid'));
    expect([500, 502, 503, 0].map(outcomeOf)).toEqual(Array(4).fill('failed'));
  });

  it('413: halves the batch and tries again until the server takes it', async () => {
    const { add, sent, queue, transport } = setup((batch) => ({ status: batch.length > 3 ? 413 : 202 }));
    add(testEvents(10));
    await vi.advanceTimersByTimeAsync(0);
    expect(sizes(sent)).toEqual([10, 5, 2, 2, 2, 2, 2]);
    expect(queue.size()).toBe(0);
    expect(transport.status().batchLimit).toBe(2);
  });

  it('413: drops a single event that is still too large, and sends the rest', async () => {
    const big = testEvent({ event_properties: bulkyProperties(100) });
    const small = testEvents(9);
    const { add, sent, queue, warn } = setup((batch) => ({ status: batch.includes(big) ? 413 : 202 }));
    add([big, ...small]);
    await vi.advanceTimersByTimeAsync(0);
    expect(sizes(sent).slice(0, 4)).toEqual([10, 5, 2, 1]);
    expect(queue.size()).toBe(0);
    const delivered = sent.flat().filter((event) => event !== big);
    expect(new Set(delivered.map((event) => event.insert_id))).toEqual(
      new Set(small.map((event) => event.insert_id)),
    );
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('too large'));
  });

  it('other 4xx: drops the batch as invalid and goes on', async () => {
    const events = testEvents(15);
    const { add, sent, queue, warn } = setup((batch) => ({ status: batch[0] === events[0] ? 400 : 202 }));
    add(events);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sizes(sent)).toEqual([10, 5]);
    expect(queue.size()).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('invalid'));
  });

  it('429: keeps the events and waits Retry-After', async () => {
    let calls = 0;
    const { add, sent, queue } = setup(() =>
      ++calls === 1 ? { status: 429, retryAfterMs: 7000 } : { status: 202 },
    );
    add(testEvents(10));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    // New events do not break the wait.
    add(testEvents(10));
    await vi.advanceTimersByTimeAsync(6999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sizes(sent)).toEqual([10, 10, 10]);
    expect(queue.size()).toBe(0);
  });

  it('429 without Retry-After: waits the 30 s throttle', async () => {
    expect(ANALYTICS.throttleMs).toBe(30_000);
    let calls = 0;
    const { add, sent } = setup(() => (++calls === 1 ? { status: 429 } : { status: 202 }));
    add(testEvents(10));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
  });

  it.each([
    [500, '5xx'],
    [408, 'a time-out'],
    [0, 'a network error'],
  ])('%s (%s): retried after 1 s', async (status) => {
    let calls = 0;
    const { add, sent, queue, transport } = setup(() => ({ status: ++calls === 1 ? status : 202 }));
    add(testEvents(10));
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(1);
    expect(queue.size()).toBe(10);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    expect(queue.size()).toBe(0);
    expect(transport.status().failures).toBe(0);
  });

  it('5xx: backs off retryDelayMs × 2^attempt for 12 retries, then keeps the events for a later page load', async () => {
    expect([ANALYTICS.retryDelayMs, ANALYTICS.maxRetries]).toEqual([1000, 12]);
    const { add, send, queue, store, transport, warn } = setup(() => ({ status: 503 }));
    add(testEvents(10));
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    for (let retry = 0; retry < 12; retry += 1) {
      const delay = 1000 * 2 ** retry;
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(send).toHaveBeenCalledTimes(retry + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(send).toHaveBeenCalledTimes(retry + 2);
    }
    // 1 try + 12 retries; then no more this page load, whatever is added.
    add(testEvents(10));
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(send).toHaveBeenCalledTimes(13);
    expect(transport.status().gaveUp).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('next page load'));
    expect(queue.size()).toBe(20);

    // The next page load sends them.
    const reloaded = createTransport({
      queue: createEventQueue({ store }),
      send: async () => ({ status: 202 }),
      config: () => DEFAULT_ANALYTICS_CONFIG,
    });
    const again = createEventQueue({ store });
    expect(again.size()).toBe(20);
    reloaded.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(createEventQueue({ store }).size()).toBe(0);
  });

  it('comes back when the network does', async () => {
    let failing = true;
    const { add, sent, transport, queue } = setup(() => ({ status: failing ? 0 : 202 }));
    add(testEvents(10));
    await vi.advanceTimersByTimeAsync(0);
    failing = false;
    transport.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(2);
    expect(queue.size()).toBe(0);
  });
});

describe('leaving the page', () => {
  it('hands the oldest waiting events, up to 64 KB, to sendBeacon, and keeps them stored', async () => {
    const beacon = vi.fn<SendBeacon>(() => true);
    const { add, queue, transport, send } = setup(undefined, { sendBeacon: beacon });
    add(testEvents(5, { event_properties: bulkyProperties(20) }));
    transport.sendOnExit();
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0]!;
    expect(url).toBe('/api/analytics/batch');
    expect(blob.size).toBeLessThanOrEqual(ANALYTICS.chunkBytes);
    expect(blob.type).toBe('application/json');
    const body = analyticsBatchSchema.parse(JSON.parse(await blob.text()));
    expect(body.events).toHaveLength(3);
    expect(send).not.toHaveBeenCalled();
    // If the beacon is lost, the next load sends them again; the server ignores copies by insert_id.
    expect(queue.size()).toBe(5);
  });

  it('falls back to fetch with keepalive when the beacon is refused', () => {
    const { add, transport, send } = setup(undefined, { sendBeacon: () => false });
    add(testEvents(2));
    transport.sendOnExit();
    expect(send).toHaveBeenCalledWith(expect.any(Array), { keepalive: true });
  });
});

describe('the fetch sender', () => {
  it('posts {events} with the session cookie and reads Retry-After', async () => {
    const fetchStub = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'x' } }), {
          status: 429,
          headers: { 'retry-after': '12' },
        }),
    );
    const events = testEvents(2);
    const result = await createFetchSender({ fetch: fetchStub })(events, { keepalive: false });
    expect(result).toEqual({ status: 429, retryAfterMs: 12_000 });
    const [url, init] = fetchStub.mock.calls[0]!;
    expect(url).toBe('/api/analytics/batch');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', keepalive: false });
    expect(analyticsBatchSchema.parse(JSON.parse(String(init?.body))).events).toHaveLength(2);
  });

  it('answers status 0 for a network error', async () => {
    const fetchStub = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(
      createFetchSender({ fetch: fetchStub })(testEvents(1), { keepalive: true }),
    ).resolves.toEqual({
      status: 0,
    });
  });

  it('reads Retry-After as seconds or a date', () => {
    const now = Date.UTC(2026, 0, 1, 9);
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter(new Date(now + 5000).toUTCString(), now)).toBe(5000);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });
});

describe('a hidden tab, then page-hide', () => {
  it('leaves the batch already on the wire with keepalive to its request, and beacons the rest', async () => {
    const beacon = vi.fn<SendBeacon>(() => true);
    const { add, send, transport } = setup(undefined, { sendBeacon: beacon });
    send.mockImplementation(() => new Promise(() => {}));
    const events = testEvents(15);
    add(events.slice(0, 9));
    void transport.flush({ keepalive: true });
    add(events.slice(9));
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledWith(expect.any(Array), { keepalive: true });
    transport.sendOnExit();
    const body = analyticsBatchSchema.parse(JSON.parse(await beacon.mock.calls[0]![1].text()));
    expect(body.events.map((event) => event.insert_id)).toEqual(
      events.slice(9).map((event) => event.insert_id),
    );
  });
});
