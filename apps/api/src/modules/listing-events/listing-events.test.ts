import {
  ERROR_CODES,
  LISTING_EVENT_BATCH_MAX,
  LISTING_EVENT_BODY_MAX,
  LISTING_EVENTS_PER_ADDRESS_PER_MINUTE,
} from '@offplan/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_ROLLUP_JOB } from '../../jobs/listing-rollup.ts';
import { visitorSketchOf } from '../../lib/hyperloglog.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { BOT_AGENT, BROWSER_AGENT, listingEventFixtures, PHONE_AGENT } from './listing-events.fixtures.ts';

let t: TestApp;
let f: ReturnType<typeof listingEventFixtures>;

beforeAll(async () => {
  t = await createTestApp();
  f = listingEventFixtures(t);
});
afterAll(async () => {
  await t.close();
});

async function rollupJobs() {
  const result = (await t.db.execute(
    sql`select count(*)::int as jobs from pgboss.job where name = ${LISTING_ROLLUP_JOB} and singleton_on is not null`,
  )) as unknown as { rows: { jobs: number }[] };
  return result.rows[0]!.jobs;
}

describe('POST /api/listing-events: what is stored', () => {
  it('stores a batch anonymously (sketch, device, referrer host, campaign) in one go and asks for a rollup', async () => {
    const { id } = await f.listing();
    const body = f.batch(id, ['page_view', 'brochure_download', 'gallery_open'], {
      referrer: 'https://www.Example.com/search?q=apartments&email=someone@example.test',
      utmSource: 'newsletter',
      utmMedium: ' email ',
      utmCampaign: 'spring\u202e-2026',
    });
    const response = await f.send(body, { userAgent: PHONE_AGENT });
    expect(response.status).toBe(202);
    if (response.status !== 202) return;
    expect(await response.json()).toEqual({ stored: 3 });

    const sketch = visitorSketchOf(body.visitorId);
    const stored = await f.eventsOf(id);
    expect(stored.map((event) => event.kind)).toEqual(['page_view', 'brochure_download', 'gallery_open']);
    for (const event of stored) {
      expect(event).toEqual({
        kind: event.kind,
        device: 'mobile',
        referrerHost: 'www.example.com',
        utmSource: 'newsletter',
        utmMedium: 'email',
        utmCampaign: 'spring-2026',
        visitorRegister: sketch.register,
        visitorRank: sketch.rank,
      });
    }
    // Nothing of the visitor id itself is kept.
    const text = JSON.stringify(
      ((await t.db.execute(sql`select * from listing_events`)) as unknown as { rows: unknown[] }).rows,
    );
    expect(text).not.toContain(body.visitorId);
    expect(await rollupJobs()).toBe(1);
  });

  it('classes tablets and desktops, and keeps no referrer that is not a web address', async () => {
    const { id } = await f.listing();
    const tablet =
      'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    await f.send(f.batch(id, ['page_view'], { referrer: 'android-app://com.google.app/' }), {
      userAgent: tablet,
    });
    await f.send(f.batch(id, ['floorplan_view'], { referrer: 'not a url' }));
    expect((await f.eventsOf(id)).map(({ device, referrerHost }) => ({ device, referrerHost }))).toEqual([
      { device: 'tablet', referrerHost: null },
      { device: 'desktop', referrerHost: null },
    ]);
  });
});

describe('left out silently (202, nothing stored)', () => {
  it('leaves out bots and callers without a user agent', async () => {
    const { id } = await f.listing();
    const bot = await f.send(f.batch(id), { userAgent: BOT_AGENT });
    expect(bot.status).toBe(202);
    if (bot.status === 202) expect(await bot.json()).toEqual({ stored: 0 });
    const headless = await f.send(f.batch(id), {
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36',
    });
    expect(headless.status).toBe(202);
    const bare = await t.request('/api/listing-events', { method: 'POST', json: f.batch(id) });
    expect(bare.status).toBe(202);
    expect(await f.eventsOf(id)).toEqual([]);
  });

  it("leaves out the portal's own signed-in users", async () => {
    const { id } = await f.listing();
    const user = await f.person();
    const response = await f.send(f.batch(id, ['page_view', 'phone_reveal']), { cookie: user.cookie });
    expect(response.status).toBe(202);
    if (response.status === 202) expect(await response.json()).toEqual({ stored: 0 });
    expect(await f.eventsOf(id)).toEqual([]);
  });

  it('leaves out events for unknown, hidden and stopped projects and keeps the others of the batch', async () => {
    const open = await f.listing();
    const hidden = await f.listing({ salesStatus: 'HIDDEN' });
    const stopped = await f.listing({ stage: 'NOT_PROCEEDING' });
    const body = {
      visitorId: f.visitorId(),
      events: [
        { kind: 'page_view' as const, projectId: hidden.id },
        { kind: 'page_view' as const, projectId: open.id },
        { kind: 'page_view' as const, projectId: stopped.id },
        { kind: 'page_view' as const, projectId: 2_000_000_000 },
      ],
    };
    const response = await f.send(body);
    expect(response.status).toBe(202);
    if (response.status === 202) expect(await response.json()).toEqual({ stored: 1 });
    expect(await f.eventsOf(open.id)).toHaveLength(1);
    expect(await f.eventsOf(hidden.id)).toEqual([]);
    expect(await f.eventsOf(stopped.id)).toEqual([]);
  });
});

describe('refused batches store nothing', () => {
  it('answers malformed batches 400 in the one error shape', async () => {
    const { id } = await f.listing();
    const good = f.batch(id);
    const cases: unknown[] = [
      { ...good, visitorId: 'short' },
      { ...good, visitorId: 'has spaces in it, sixteen+' },
      { ...good, events: [] },
      { ...good, events: [{ kind: 'enquiry', projectId: id }] },
      { ...good, events: [{ kind: 'page_view', projectId: -1 }] },
      { ...good, events: [{ kind: 'page_view', projectId: id, extra: 1 }] },
      { ...good, events: Array.from({ length: LISTING_EVENT_BATCH_MAX + 1 }, () => good.events[0]) },
      { ...good, userId: 'someone' },
      { ...good, referrer: 'x'.repeat(2001) },
    ];
    for (const body of cases) {
      const response = await f.sendRaw(JSON.stringify(body));
      expect(response.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect((await response.json()) as unknown).toMatchObject({ error: { code: ERROR_CODES.validation } });
    }
    const notJson = await f.sendRaw('{"visitorId": ');
    expect(notJson.status).toBe(400);
    expect((await notJson.json()) as unknown).toMatchObject({ error: { message: expect.any(String) } });
    expect(await f.eventsOf(id)).toEqual([]);
  });

  it(`answers a body over ${LISTING_EVENT_BODY_MAX} bytes 413`, async () => {
    const { id } = await f.listing();
    const body = JSON.stringify({ ...f.batch(id), utmSource: 'x'.repeat(LISTING_EVENT_BODY_MAX) });
    const response = await f.sendRaw(body);
    expect(response.status).toBe(413);
    expect((await response.json()) as unknown).toMatchObject({
      error: { code: ERROR_CODES.payloadTooLarge },
    });
    expect(await f.eventsOf(id)).toEqual([]);
  });

  it(`stops counting a flood from one address at ${LISTING_EVENTS_PER_ADDRESS_PER_MINUTE} events a minute (429, Retry-After)`, async () => {
    const { id } = await f.listing();
    const ip = '203.0.113.77';
    const full = () => f.batch(id, Array(LISTING_EVENT_BATCH_MAX).fill('page_view'));
    const within = LISTING_EVENTS_PER_ADDRESS_PER_MINUTE / LISTING_EVENT_BATCH_MAX;
    for (let i = 0; i < within; i++) expect((await f.send(full(), { ip })).status).toBe(202);
    for (const body of [full(), f.batch(id)]) {
      const refused = await f.send(body, { ip });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect((await refused.json()) as unknown).toMatchObject({ error: { code: ERROR_CODES.rateLimited } });
    }
    expect(await f.eventsOf(id)).toHaveLength(LISTING_EVENTS_PER_ADDRESS_PER_MINUTE);
    // Another address is not held back.
    expect((await f.send(f.batch(id), { ip: '203.0.113.78' })).status).toBe(202);
    expect(await f.eventsOf(id)).toHaveLength(LISTING_EVENTS_PER_ADDRESS_PER_MINUTE + 1);
  });
});

describe('the tracker on the public listing page', () => {
  it('loads the first-party tracker script, allowed by the page policy, beside the data-track hooks', async () => {
    const { id, path } = await f.listing({ videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    await f.media(id, 'brochure');
    await f.media(id, 'floorplan');
    const page = await t.request(path, { headers: { 'user-agent': BROWSER_AGENT } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const src = /<script src="(\/listing-tracker\.js\?v=[0-9a-f]{12})" defer><\/script>/.exec(html)?.[1];
    expect(src).toBeDefined();
    expect(html).toContain(`<script type="application/json" id="listing-tracking">{"projectId":${id},`);
    for (const hook of ['brochure_download', 'floorplan', 'video_play'])
      expect(html).toContain(`data-track="${hook}"`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");

    const script = await t.request(src!);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(script.headers.get('cache-control')).toContain('immutable');
    const code = await script.text();
    expect(code).toContain("'/api/listing-events'".replaceAll("'", '"'));
    expect(code).toContain('sendBeacon');
    expect(code).toContain("addEventListener('pagehide'");
    // No third party: the only address it calls is our own path.
    expect(code).not.toMatch(/https?:\/\//);
  });
});

describe('device and bot detection stays with the browser families', () => {
  it('counts an ordinary desktop browser', async () => {
    const { id } = await f.listing();
    await f.send(f.batch(id), { userAgent: BROWSER_AGENT });
    expect(await f.eventsOf(id)).toMatchObject([{ device: 'desktop' }]);
  });
});
