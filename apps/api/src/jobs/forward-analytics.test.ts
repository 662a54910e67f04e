import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AnalyticsEvent } from '@offplan/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../db/schema/index.ts';
import { createLogger } from '../lib/logger.ts';
import { storeEvents } from '../modules/analytics/analytics.repository.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { ANALYTICS_RETENTION_JOB, forwardEvents } from './forward-analytics.ts';

/** An event as Amplitude (insert_id, user_properties) or PostHog (uuid, properties.$set) receives it. */
type VendorEvent = {
  insert_id?: string;
  user_properties?: unknown;
  event_properties?: Record<string, unknown>;
  uuid?: string;
  properties?: Record<string, unknown>;
};
type Received = { id: string; userProperties: unknown; properties: Record<string, unknown> };

/**
 * A local stand-in for a vendor's endpoint, with the vendor's documented limits: a request over
 * `maxEvents` events or `maxBytes` bytes is refused with 413 (as Amplitude does); `failures` calls
 * answer 503 first (an outage), after `failDelayMs` (a hanging gateway), and each accepted request takes `delayMs`.
 */
function startVendor(kind: 'amplitude' | 'posthog', limits: { maxEvents: number; maxBytes: number }) {
  const state = { failures: 0, failDelayMs: 0, delayMs: 0, calls: 0, refused: 0, oversized: 0, largest: 0 };
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      state.calls += 1;
      const body = Buffer.concat(chunks);
      const parsed = JSON.parse(body.toString()) as { events?: unknown[]; batch?: unknown[] };
      const events = (kind === 'amplitude' ? parsed.events : parsed.batch) ?? [];
      if (events.length > limits.maxEvents || body.length > limits.maxBytes) {
        state.oversized += 1;
        response.writeHead(413).end('{"code":413,"error":"Payload too large"}');
        return;
      }
      if (state.failures > 0) {
        state.failures -= 1;
        state.refused += 1;
        setTimeout(() => response.writeHead(503).end('down'), state.failDelayMs);
        return;
      }
      setTimeout(() => {
        state.largest = Math.max(state.largest, events.length);
        for (const one of events as VendorEvent[]) {
          received.push(
            kind === 'amplitude'
              ? {
                  id: one.insert_id ?? '',
                  userProperties: one.user_properties,
                  properties: one.event_properties ?? {},
                }
              : {
                  id: one.uuid ?? '',
                  userProperties: one.properties?.$set,
                  properties: one.properties ?? {},
                },
          );
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"code":200}');
      }, state.delayMs);
    });
  });
  return new Promise<{
    url: string;
    state: typeof state;
    received: Received[];
    countOf: (id: string) => number;
    close: () => Promise<void>;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        state,
        received,
        countOf: (id) => received.filter((one) => one.id === id).length,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

const event = (overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent => ({
  insert_id: randomUUID(),
  event_type: 'contact_selected',
  time: Date.now(),
  version: 'next',
  session_id: 1_790_000_000_000,
  device_id: 'forwarding-visitor',
  campaign_id: null,
  event_properties: { label: 'Get in touch' },
  user_properties: { role: 'user', role_id: 1, user_role: 'Developer' },
  ...overrides,
});

let t: TestApp;
let amplitude: Awaited<ReturnType<typeof startVendor>>;
let posthog: Awaited<ReturnType<typeof startVendor>>;
const options = () => ({ db: t.db, logger: createLogger('silent'), settings: t.settings });
const forwarded = async (insertIds: string[]) =>
  t.db
    .select({
      id: analyticsEvents.insertId,
      amplitude: analyticsEvents.amplitudeForwardedAt,
      posthog: analyticsEvents.posthogForwardedAt,
    })
    .from(analyticsEvents)
    .where(inArray(analyticsEvents.insertId, insertIds));

beforeAll(async () => {
  // Amplitude HTTP API v2: 2,000 events and 1 MB a request. PostHog /batch/: a 20 MB body.
  amplitude = await startVendor('amplitude', { maxEvents: 2_000, maxBytes: 1024 * 1024 });
  posthog = await startVendor('posthog', { maxEvents: 10_000, maxBytes: 20 * 1024 * 1024 });
  t = await createTestApp({
    AMPLITUDE_API_KEY: 'amplitude-key',
    AMPLITUDE_URL: `${amplitude.url}/2/httpapi`,
    POSTHOG_KEY: 'posthog-key',
    POSTHOG_HOST: posthog.url,
  });
});
afterAll(async () => {
  await t.close();
  await amplitude.close();
  await posthog.close();
});
beforeEach(() => {
  for (const vendor of [amplitude, posthog])
    Object.assign(vendor.state, { failures: 0, failDelayMs: 0, delayMs: 0 });
});

describe('forwarding cut to each vendor’s limits', () => {
  it('sends 2,600 stored events in requests Amplitude accepts (≤ 2,000 events, ≤ 1 MB), each once', async () => {
    const events = Array.from({ length: 2_600 }, () =>
      event({ event_properties: { label: 'x'.repeat(200) } }),
    );
    const ids = await storeEvents(t.db, events, null);
    expect(ids).toHaveLength(2_600);
    await forwardEvents(options(), 'amplitude', ids);
    await forwardEvents(options(), 'posthog', ids);
    for (const vendor of [amplitude, posthog]) {
      expect(vendor.state.oversized).toBe(0);
      expect(ids.every((id) => vendor.countOf(id) === 1)).toBe(true);
    }
    expect(amplitude.state.largest).toBeLessThanOrEqual(2_000);
    expect((await forwarded(ids)).every((row) => row.amplitude && row.posthog)).toBe(true);
  }, 60_000);
});

describe('one queue per vendor', () => {
  it('delivers to PostHog while Amplitude is down, and to Amplitude once it recovers, each once', async () => {
    // Amplitude hangs 8 s on each of its next two requests, then refuses them.
    Object.assign(amplitude.state, { failures: 2, failDelayMs: 8_000 });
    const first = [event(), event({ event_type: 'element_clicked' })];
    const refusedBefore = amplitude.state.refused;
    expect(
      (await t.request('/api/analytics/batch', { method: 'POST', json: { events: first } })).status,
    ).toBe(202);
    // Amplitude's request for the first batch now hangs; a second batch arrives meanwhile.
    await expect
      .poll(() => amplitude.state.refused, { timeout: 5_000, interval: 50 })
      .toBeGreaterThan(refusedBefore);
    const second = [event({ event_type: 'page_viewed' })];
    expect(
      (await t.request('/api/analytics/batch', { method: 'POST', json: { events: second } })).status,
    ).toBe(202);
    const ids = [...first, ...second].map((one) => one.insert_id);
    await expect
      .poll(async () => (await forwarded(ids)).every((row) => row.posthog), { timeout: 5_000, interval: 200 })
      .toBe(true);
    // PostHog has both batches while Amplitude still hangs or refuses and has accepted none of them.
    expect(ids.some((id) => amplitude.countOf(id) > 0)).toBe(false);
    await expect
      .poll(async () => (await forwarded(ids)).every((row) => row.amplitude), {
        timeout: 90_000,
        interval: 500,
      })
      .toBe(true);
    for (const id of ids) {
      expect(amplitude.countOf(id)).toBe(1);
      expect(posthog.countOf(id)).toBe(1);
    }
  }, 120_000);
});

describe('exactly once per vendor', () => {
  it('sends an event once when two jobs (a retry and the nightly re-forward) take it at the same time', async () => {
    amplitude.state.delayMs = 300;
    posthog.state.delayMs = 300;
    const ids = await storeEvents(t.db, [event(), event(), event()], null);
    await Promise.all([
      forwardEvents(options(), 'amplitude', ids),
      forwardEvents(options(), 'amplitude', ids),
      forwardEvents(options(), 'posthog', ids),
      forwardEvents(options(), 'posthog', ids),
    ]);
    for (const id of ids) {
      expect(amplitude.countOf(id)).toBe(1);
      expect(posthog.countOf(id)).toBe(1);
    }
  });

  it('sends an event once through vendor failures and the nightly re-forward racing the retries', async () => {
    amplitude.state.failures = 2;
    posthog.state.failures = 2;
    const events = [event(), event(), event()];
    const ids = events.map((one) => one.insert_id);
    expect((await t.request('/api/analytics/batch', { method: 'POST', json: { events } })).status).toBe(202);
    // Received long enough ago that the nightly job hands them back while their own retries still run.
    await t.db
      .update(analyticsEvents)
      .set({ receivedAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(inArray(analyticsEvents.insertId, ids));
    await t.queue.send(ANALYTICS_RETENTION_JOB, {});
    await expect
      .poll(async () => (await forwarded(ids)).every((row) => row.amplitude && row.posthog), {
        timeout: 90_000,
        interval: 500,
      })
      .toBe(true);
    await t.queue.send(ANALYTICS_RETENTION_JOB, {});
    await new Promise((done) => setTimeout(done, 3_000));
    for (const id of ids) {
      expect(amplitude.countOf(id)).toBe(1);
      expect(posthog.countOf(id)).toBe(1);
    }
  }, 120_000);
});

describe('person properties', () => {
  it('sends user properties (with the roles) only on a signed-in user’s events, none on anonymous ones', async () => {
    const user = await t.createUser();
    const cookie = await t.signIn(user.email);
    const signedIn = event();
    const anonymous = event({ device_id: 'anonymous-visitor' });
    await t.request('/api/analytics/batch', { method: 'POST', json: { events: [signedIn] }, cookie });
    await t.request('/api/analytics/batch', { method: 'POST', json: { events: [anonymous] } });
    const ids = [signedIn.insert_id, anonymous.insert_id];
    await expect
      .poll(async () => (await forwarded(ids)).every((row) => row.amplitude && row.posthog), {
        timeout: 20_000,
        interval: 250,
      })
      .toBe(true);
    const [stored] = await t.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.insertId, anonymous.insert_id));
    expect(stored?.userId).toBeNull();
    for (const vendor of [amplitude, posthog]) {
      const mine = vendor.received.find((one) => one.id === signedIn.insert_id);
      expect(mine?.userProperties).toMatchObject({ role: 'user', role_id: 1, user_role: 'Developer' });
      expect(vendor.received.find((one) => one.id === anonymous.insert_id)?.userProperties).toBeUndefined();
    }
    expect(posthog.received.find((one) => one.id === anonymous.insert_id)?.properties).toMatchObject({
      $process_person_profile: false,
    });
  });
});
