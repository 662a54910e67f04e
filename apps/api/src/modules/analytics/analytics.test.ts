import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { type AnalyticsEvent, ERROR_CODES } from '@offplan/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../../db/schema/index.ts';
import { ANALYTICS_RETENTION_JOB } from '../../jobs/forward-analytics.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ANALYTICS_BATCHES_PER_MINUTE } from './analytics.routes.ts';

const event = (overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent => ({
  insert_id: randomUUID(),
  event_type: 'contact_selected',
  time: Date.now(),
  version: 'next',
  session_id: 1_790_000_000_000,
  device_id: 'abc',
  campaign_id: null,
  event_properties: { label: 'Get in touch' },
  user_properties: { role: 'user', role_id: 1, user_role: 'Developer' },
  ...overrides,
});

/** A local stand-in for the vendor's endpoint: fails the first `failures` calls, then accepts. */
function startVendorStandIn(failures: number) {
  const received: { events: { insert_id: string; user_properties: Record<string, unknown> }[] }[] = [];
  let calls = 0;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      calls += 1;
      if (calls <= failures) {
        response.writeHead(503).end('down');
        return;
      }
      received.push(JSON.parse(body));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"code":200}');
    });
  });
  return new Promise<{
    url: string;
    received: typeof received;
    calls: () => number;
    close: () => Promise<void>;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}/2/httpapi`,
        received,
        calls: () => calls,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

let t: TestApp;
let vendor: Awaited<ReturnType<typeof startVendorStandIn>>;

beforeAll(async () => {
  vendor = await startVendorStandIn(1);
  t = await createTestApp({ AMPLITUDE_API_KEY: 'test-key', AMPLITUDE_URL: vendor.url });
});
afterAll(async () => {
  await t.close();
  await vendor.close();
});

const send = (body: unknown, init: { cookie?: string; ip?: string } = {}) =>
  t.request('/api/analytics/batch', { method: 'POST', json: body, ...init });
const stored = (insertId: string) =>
  t.db.select().from(analyticsEvents).where(eq(analyticsEvents.insertId, insertId));

describe('POST /api/analytics/batch', () => {
  it('stores a batch with version next and the campaign id, with the user of the session', async () => {
    const user = await t.createUser();
    const cookie = await t.signIn(user.email);
    // Sent with no user yet: the login event is recorded before the tracker learns who signed in.
    const first = event({ event_type: 'portal_user_login', campaign_id: '123' });
    const response = await send({ events: [first] }, { cookie });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 1 });
    expect(await stored(first.insert_id)).toEqual([
      expect.objectContaining({
        eventType: 'portal_user_login',
        version: 'next',
        campaignId: '123',
        userId: user.id,
      }),
    ]);
  });

  it('never puts an event recorded for one user on another signed-in user', async () => {
    const [first, second] = [await t.createUser(), await t.createUser()];
    const cookie = await t.signIn(second.email);
    const queuedForFirst = event({ user_id: first.id });
    const mine = event({ user_id: second.id });
    await send({ events: [queuedForFirst, mine] }, { cookie });
    expect((await stored(queuedForFirst.insert_id))[0]?.userId).toBeNull();
    expect((await stored(mine.insert_id))[0]?.userId).toBe(second.id);
  });

  it('keeps signed-out events anonymous, under the visitor id', async () => {
    const anonymous = event({ device_id: 'csl-visitor-1', user_id: 'forged' });
    expect((await send({ events: [anonymous] })).status).toBe(202);
    expect(await stored(anonymous.insert_id)).toEqual([
      expect.objectContaining({ userId: null, deviceId: 'csl-visitor-1' }),
    ]);
  });

  it('ignores a retried copy of an event', async () => {
    const once = event();
    await send({ events: [once] });
    expect((await send({ events: [once] })).status).toBe(202);
    expect(await stored(once.insert_id)).toHaveLength(1);
  });

  it('refuses a batch holding an event name outside the allowed set, storing none of it', async () => {
    const good = event();
    const response = await send({ events: [good, { ...event(), event_type: 'drop_tables' }] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    expect(await stored(good.insert_id)).toEqual([]);
  });

  it('refuses malformed events: a version other than next, unknown fields, no insert id', async () => {
    for (const bad of [
      { ...event(), version: 'old' },
      { ...event(), password: 'x' },
      { ...event(), insert_id: 'not-a-uuid' },
      { ...event(), event_properties: { nested: { deep: true } } },
    ]) {
      expect((await send({ events: [bad] })).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await send({ events: [] })).status).toBe(400);
  });

  it('refuses a NUL in a property value, in device_id and in a property key with 400, without a session (issue 15 finding 1)', async () => {
    const cases = [
      {
        events: event({ event_properties: { label: 'a\u0000b' } }),
        field: 'events.0.event_properties.label',
      },
      { events: event({ device_id: 'visitor\u0000' }), field: 'events.0.device_id' },
      { events: event({ event_properties: { 'la\u0000bel': 'x' } }), field: 'events.0.event_properties' },
    ];
    for (const { events: bad, field } of cases) {
      const response = await send({ events: [bad] });
      expect(response.status, field).toBe(400);
      const { error } = (await response.json()) as {
        error: { code: string; fields: Record<string, string> };
      };
      expect(error.code).toBe(ERROR_CODES.validation);
      // Refused by the contract, naming the field (the database's safety net names none).
      expect(Object.keys(error.fields).join(), field).toContain(field);
      expect(await stored(bad.insert_id)).toEqual([]);
    }
  });

  it('stores control and bidi characters of property values removed (issue 15 finding 7)', async () => {
    const sent = event({ event_properties: { label: 'Get\u0007 in\u202e touch\u200b' } });
    expect((await send({ events: [sent] })).status).toBe(202);
    expect((await stored(sent.insert_id))[0]?.eventProperties).toEqual({ label: 'Get in touch' });
  });

  it('refuses an oversized batch with 413 and stores nothing', async () => {
    const big = event({ event_properties: { text: 'x'.repeat(1000) } });
    const events = Array.from({ length: 100 }, () => ({
      ...big,
      insert_id: randomUUID(),
      event_properties: {
        a: 'x'.repeat(1000),
        b: 'y'.repeat(1000),
        c: 'z'.repeat(1000),
        d: 'w'.repeat(1000),
        e: 'v'.repeat(1000),
        f: 'u'.repeat(1000),
      },
    }));
    const response = await t.request('/api/analytics/batch', {
      method: 'POST',
      body: JSON.stringify({ events }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(await stored(events[0]!.insert_id)).toEqual([]);
  });

  it('answers a flood from one visitor with 429 and stores nothing of it', async () => {
    const ip = '203.0.113.250';
    for (let index = 0; index < ANALYTICS_BATCHES_PER_MINUTE; index++)
      await send({ events: [event()] }, { ip });
    const flooded = event();
    const response = await send({ events: [flooded] }, { ip });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await stored(flooded.insert_id)).toEqual([]);
    // Another visitor is not affected.
    expect((await send({ events: [event()] }, { ip: '203.0.113.251' })).status).toBe(202);
  });

  it('refuses a batch from another site', async () => {
    const response = await t.request('/api/analytics/batch', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      json: { events: [event()] },
    });
    expect(response.status).toBe(403);
  });
});

describe('forwarding to a vendor', () => {
  it('forwards every event exactly once through an outage, by a job, with the roles', async () => {
    const events = [
      event(),
      event({ event_type: 'sidebar_settings_updated' }),
      event({ event_type: 'element_clicked' }),
    ];
    // Signed in: the roles are person properties, sent with a user's events only (anonymous ones carry none).
    const user = await t.createUser();
    const response = await send({ events }, { cookie: await t.signIn(user.email) });
    // The visitor's request is answered before (and whatever) the vendor says.
    expect(response.status).toBe(202);
    await expect
      .poll(
        async () => {
          const rows = await Promise.all(events.map((one) => stored(one.insert_id)));
          return rows.every(([row]) => row?.amplitudeForwardedAt);
        },
        { timeout: 45_000, interval: 500 },
      )
      .toBe(true);
    expect(vendor.calls()).toBeGreaterThanOrEqual(2);
    const forwarded = vendor.received
      .flatMap((request) => request.events)
      .filter((one) => events.some((sent) => sent.insert_id === one.insert_id));
    expect(forwarded.map((one) => one.insert_id).sort()).toEqual(events.map((one) => one.insert_id).sort());
    expect(forwarded[0]?.user_properties).toMatchObject({ role: 'user', role_id: 1, user_role: 'Developer' });
  }, 60_000);

  it('sends nothing anywhere when no vendor key is set', async () => {
    const local = await createTestApp();
    try {
      const one = event();
      const response = await local.request('/api/analytics/batch', {
        method: 'POST',
        json: { events: [one] },
      });
      expect(response.status).toBe(202);
      expect(
        await local.db.select().from(analyticsEvents).where(eq(analyticsEvents.insertId, one.insert_id)),
      ).toHaveLength(1);
      expect(await local.queue.findJobs('forward-analytics-amplitude')).toEqual([]);
      // The same look finds the job where a key is set, so the empty answer above means something.
      const forwarded = event();
      await send({ events: [forwarded] });
      const jobs = await t.queue.findJobs<{ insertIds: string[] }>('forward-analytics-amplitude');
      expect(jobs.some((job) => job.data.insertIds.includes(forwarded.insert_id))).toBe(true);
    } finally {
      await local.close();
    }
  });
});

describe('retention and remote config', () => {
  it('deletes events older than the retention setting when the nightly job runs', async () => {
    const old = event();
    const fresh = event();
    await send({ events: [old, fresh] });
    await t.db
      .update(analyticsEvents)
      .set({ receivedAt: new Date(Date.now() - 366 * 24 * 60 * 60 * 1000) })
      .where(eq(analyticsEvents.insertId, old.insert_id));
    await t.queue.send(ANALYTICS_RETENTION_JOB, {});
    await expect
      .poll(async () => (await stored(old.insert_id)).length, { timeout: 15_000, interval: 250 })
      .toBe(0);
    expect(await stored(fresh.insert_id)).toHaveLength(1);
  });

  it('hands events a vendor never accepted back to forwarding when the nightly job runs', async () => {
    const stranded = event();
    await t.db.insert(analyticsEvents).values({
      insertId: stranded.insert_id,
      eventType: stranded.event_type,
      time: new Date(),
      receivedAt: new Date(Date.now() - 2 * 60 * 60 * 1000),
      version: 'next',
      sessionId: stranded.session_id,
      deviceId: stranded.device_id,
      eventProperties: {},
      userProperties: {},
    });
    await t.queue.send(ANALYTICS_RETENTION_JOB, {});
    await expect
      .poll(async () => (await stored(stranded.insert_id))[0]?.amplitudeForwardedAt, {
        timeout: 20_000,
        interval: 250,
      })
      .toBeInstanceOf(Date);
  });

  it('lists stored events by visitor for admins only', async () => {
    const mine = event({ device_id: 'listed-visitor' });
    await send({ events: [mine] });
    const admin = await t.createUser({ role: 'admin' });
    const adminCookie = await t.signIn(admin.email);
    const listed = await t.request('/api/admin/analytics/events?deviceId=listed-visitor', {
      cookie: adminCookie,
    });
    expect(
      ((await listed.json()) as { items: { insertId: string }[] }).items.map((item) => item.insertId),
    ).toEqual([mine.insert_id]);
    const member = await t.createUser();
    const memberCookie = await t.signIn(member.email);
    expect((await t.request('/api/admin/analytics/events', { cookie: memberCookie })).status).toBe(403);
  });

  it('answers the remote config', async () => {
    const response = await t.request('/api/analytics/config?api_key=x&config_keys=autocapture&session_id=1');
    expect(await response.json()).toMatchObject({
      autocapture: true,
      flushIntervalMs: 5000,
      batchEvents: 10,
    });
  });
});
