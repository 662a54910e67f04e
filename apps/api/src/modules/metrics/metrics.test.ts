import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp, createTestApp, type TestApp } from '../../test/test-app.ts';
import { crmFixtures, type Receiver, startReceiver } from '../crm/crm-delivery.fixtures.ts';
import { enquiryFixtures } from '../enquiries/enquiry.fixtures.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

let t: TestApp;
let e: ReturnType<typeof enquiryFixtures>;
let c: ReturnType<typeof crmFixtures>;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  e = enquiryFixtures(t);
  c = crmFixtures(t);
  receiver = await startReceiver((request) => (request.path === '/teapot' ? 418 : 204));
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const scrape = () => t.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of the Prometheus text format (label values here hold no quote or comma). */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The value of one series now (0 when it has not been counted yet). */
async function seriesValue(name: string, labels: Record<string, string> = {}) {
  const response = await scrape();
  expect(response.status).toBe(200);
  const found = samples(await response.text()).find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return found?.value ?? 0;
}

describe('GET /metrics access', () => {
  it('answers 404 like an unknown path when METRICS_TOKEN is not set', async () => {
    const { app, deps } = await buildApp(t.database, { ...t.settings, metricsToken: undefined });
    onTestFinished(() => deps.queue.stop({ graceful: false, timeout: 1000 }));
    const response = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(404);
    const unknown = await app.request('/no-such-page');
    expect(await response.json()).toEqual({
      error: { ...((await unknown.json()) as { error: object }).error, requestId: expect.any(String) },
    });
  });

  it('answers 401 without the token or with a wrong one, naming the Bearer scheme', async () => {
    const none = await t.request('/metrics');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, 'Bearer ']) {
      const wrong = await t.request('/metrics', { headers: { authorization } });
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toMatchObject({ error: { code: 'INVALID_TOKEN' } });
    }
  });

  it('answers Prometheus text with the token: the process metrics and the portal’s own', async () => {
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    const text = await response.text();
    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(text).toContain('# TYPE offplan_http_requests_total counter');
    expect(text).toContain('# TYPE offplan_http_request_duration_seconds histogram');
    // Every line parses as the text format.
    expect(samples(text).length).toBeGreaterThan(20);
  });

  it('is open while maintenance is on, like /healthz', async () => {
    const { app, deps } = await buildApp(t.database, { ...t.settings, maintenanceMode: true });
    onTestFinished(() => deps.queue.stop({ graceful: false, timeout: 1000 }));
    expect((await app.request('/api/leads', { headers: { origin: t.settings.baseUrl } })).status).toBe(503);
    const response = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
  });
});

describe('request metrics', () => {
  it('label a request by its route pattern, never by the path with its id', async () => {
    const before = await seriesValue('offplan_http_requests_total', {
      method: 'GET',
      route: '/api/listings/:id',
      status: '401',
    });
    const response = await t.request('/api/listings/987654321');
    expect(response.status).toBe(401);
    const text = await (await scrape()).text();
    expect(text).not.toContain('987654321');
    const series = samples(text).filter(
      (sample) =>
        sample.name === 'offplan_http_requests_total' && sample.labels.route === '/api/listings/:id',
    );
    expect(series).toContainEqual({
      name: 'offplan_http_requests_total',
      labels: { method: 'GET', route: '/api/listings/:id', status: '401' },
      value: before + 1,
    });
    const durations = samples(text).filter(
      (sample) =>
        sample.name === 'offplan_http_request_duration_seconds_count' &&
        sample.labels.route === '/api/listings/:id' &&
        sample.labels.status === '401',
    );
    expect(durations[0]?.value).toBeGreaterThanOrEqual(1);
  });

  it('label a public listing page by its pattern without the parameters’ regular expressions', async () => {
    expect((await t.request('/nsw/no-such-listing-4242')).status).toBe(404);
    const text = await (await scrape()).text();
    expect(text).not.toContain('no-such-listing-4242');
    expect(samples(text)).toContainEqual(
      expect.objectContaining({ labels: { method: 'GET', route: '/:prefix/:slug', status: '404' } }),
    );
  });

  it('label a path no route answers as unmatched', async () => {
    const before = await seriesValue('offplan_http_requests_total', { route: 'unmatched', status: '404' });
    expect((await t.request('/api/no-such-route/12345678')).status).toBe(404);
    expect((await t.request('/no-such-page-87654321')).status).toBe(404);
    const text = await (await scrape()).text();
    expect(text).not.toContain('no-such-route');
    expect(text).not.toContain('no-such-page');
    expect(await seriesValue('offplan_http_requests_total', { route: 'unmatched', status: '404' })).toBe(
      before + 2,
    );
  });
});

describe('what the portal counts', () => {
  it('counts an accepted enquiry', async () => {
    const listing = await e.listing();
    const before = await seriesValue('offplan_enquiries_accepted_total', { outcome: 'created' });
    expect((await e.send(listing.id, e.enquiry())).status).toBe(201);
    expect(await seriesValue('offplan_enquiries_accepted_total', { outcome: 'created' })).toBe(before + 1);
  });

  it('counts a sign-in refused by its rate limit', async () => {
    const user = await t.createUser();
    const before = await seriesValue('offplan_rate_limit_refusals_total', { limit: 'sign-in' });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await t.request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email: user.email, password: 'not the password' },
        ip: '203.0.113.77',
      });
      statuses.push(response.status);
    }
    const refused = statuses.filter((status) => status === 429).length;
    expect(refused).toBeGreaterThan(0);
    expect(await seriesValue('offplan_rate_limit_refusals_total', { limit: 'sign-in' })).toBe(
      before + refused,
    );
  });

  it('counts a call refused by a throttle of lib/throttle.ts under its name', async () => {
    const before = await seriesValue('offplan_rate_limit_refusals_total', { limit: 'analytics' });
    const send = () =>
      t.request('/api/analytics/batch', { method: 'POST', json: { events: [] }, ip: '203.0.113.78' });
    let response = await send();
    while (response.status !== 429) response = await send();
    expect(await seriesValue('offplan_rate_limit_refusals_total', { limit: 'analytics' })).toBe(before + 1);
    // The key's visitor address is never a label.
    expect(await (await scrape()).text()).not.toContain('203.0.113.78');
  });

  it('counts webhook deliveries by outcome, as the app’s own workers make them', async () => {
    const listing = await e.listing();
    const delivered = await seriesValue('offplan_webhook_deliveries_total', { outcome: 'delivered' });
    const retrying = await seriesValue('offplan_webhook_deliveries_total', { outcome: 'retrying' });
    const good = await c.destination(listing.organisationId, { url: receiver.url('/ok') });
    const teapot = await c.destination(listing.organisationId, { url: receiver.url('/teapot') });
    expect((await e.send(listing.id, e.enquiry())).status).toBe(201);
    await c.settledDelivery(good.id, 'DELIVERED');
    await c.settledDelivery(teapot.id, 'RETRYING');
    await expect
      .poll(() => seriesValue('offplan_webhook_deliveries_total', { outcome: 'retrying' }))
      .toBe(retrying + 1);
    expect(await seriesValue('offplan_webhook_deliveries_total', { outcome: 'delivered' })).toBe(
      delivered + 1,
    );
  });

  it('reports each job queue’s jobs by state, and the pool only on PostgreSQL', async () => {
    const all = samples(await (await scrape()).text());
    const queues = all.filter((sample) => sample.name === 'offplan_job_queue_jobs');
    expect(queues).toContainEqual(
      expect.objectContaining({ labels: { queue: 'crm-deliver', state: 'ready' } }),
    );
    expect(new Set(queues.map((sample) => sample.labels.state))).toEqual(
      new Set(['ready', 'deferred', 'active', 'failed']),
    );
    const pool = all.find((sample) => sample.name === 'offplan_db_pool_clients');
    if (t.database.kind === 'postgres') {
      expect(pool?.value).toBeGreaterThan(0);
      expect(all.find((sample) => sample.name === 'offplan_db_pool_max_clients')?.value).toBe(10);
      expect(all.some((sample) => sample.name === 'offplan_db_pool_waiting_requests')).toBe(true);
    } else {
      expect(pool).toBeUndefined();
    }
  });
});
