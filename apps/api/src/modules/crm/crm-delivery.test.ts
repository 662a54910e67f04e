import { LEAD_WEBHOOK_EVENT, type LeadWebhook } from '@offplan/shared';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '../../db/schema/index.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test/test-app.ts';
import { enquiryFixtures } from '../enquiries/enquiry.fixtures.ts';
import { crmFixtures, type Receiver, startReceiver } from './crm-delivery.fixtures.ts';
import { CRM_JOBS } from './crm-jobs.ts';
import { postWebhook, sendWebhook, WEBHOOK_USER_AGENT } from './crm-webhook.ts';
import { CRM_RETRY_SCHEDULE_SECONDS, retryDelaySeconds, runCrmDelivery } from './crm-workers.ts';

let t: TestApp;
let e: ReturnType<typeof enquiryFixtures>;
let c: ReturnType<typeof crmFixtures>;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp();
  e = enquiryFixtures(t);
  c = crmFixtures(t);
  // Answers 204, except where a path asks for something else.
  receiver = await startReceiver((request) => {
    if (request.path === '/teapot') return { status: 418, body: `I am a teapot ${'x'.repeat(500)}` };
    if (request.path === '/moved') return { status: 302, location: '/elsewhere' };
    return 204;
  });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

/** Posts an enquiry through HTTP and answers the new lead's id. */
async function enquire(projectId: number, fields = e.enquiry()) {
  const response = await e.send(projectId, fields);
  expect(response.status).toBe(201);
  const [lead] = await t.db.select().from(leads).where(eq(leads.email, fields.email));
  return lead!;
}

describe('fan-out and webhook delivery', () => {
  it('delivers an enquiry to the webhook destination, signed, with the lead; a destination routed to another project and another organisation get nothing', async () => {
    const listing = await e.listing();
    const otherProject = await e.project('Other Tower', {
      organisationId: listing.organisationId,
      salesStatus: 'SELLING_NOW',
      stage: 'COMMENCED',
    });
    const everything = await c.destination(listing.organisationId, { url: receiver.url('/all') });
    const routedElsewhere = await c.destination(listing.organisationId, {
      url: receiver.url('/other-project'),
      projectIds: [otherProject],
    });
    const routedHere = await c.destination(listing.organisationId, {
      url: receiver.url('/this-project'),
      projectIds: [listing.id],
    });
    // Another organisation's destination for all of its projects: this lead is not its.
    const strangers = await e.listing();
    const foreign = await c.destination(strangers.organisationId, { url: receiver.url('/foreign') });

    const fields = e.enquiry({ name: 'Wendy Webhook', postcode: '2010' });
    const lead = await enquire(listing.id, fields);

    const delivered = await c.settledDelivery(everything.id, 'DELIVERED');
    await c.settledDelivery(routedHere.id, 'DELIVERED');
    expect(delivered).toMatchObject({
      leadId: lead.id,
      attempts: 1,
      responseCode: 204,
      error: null,
      test: false,
    });
    expect(delivered.messageId).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(delivered.deliveredAt).toBeInstanceOf(Date);
    expect(delivered.nextAttemptAt).toBeNull();

    const [request] = receiver.to('/all');
    expect(request?.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      'webhook-id': delivered.messageId,
    });
    // The reference implementation verifies it: signature, id, timestamp within its tolerance.
    const verified = new Webhook(everything.secret).verify(request!.body, request!.headers) as LeadWebhook;
    expect(verified.type).toBe(LEAD_WEBHOOK_EVENT);
    expect(verified.data).toMatchObject({
      id: lead.id,
      test: false,
      source: 'listing',
      project: { id: listing.id, title: 'Wharf Residences', url: `${TEST_BASE_URL}${listing.path}` },
      organisation: { id: listing.organisationId, name: 'Harbourline' },
      buyer: { name: 'Wendy Webhook', email: fields.email, postcode: '2010' },
      buyerType: 'INVESTOR',
      budget: 900000,
    });
    // Another destination's secret does not verify it.
    expect(() => new Webhook(routedHere.secret).verify(request!.body, request!.headers)).toThrow();

    expect(await c.deliveriesOf(routedElsewhere.id)).toEqual([]);
    expect(await c.deliveriesOf(foreign.id)).toEqual([]);
    expect(receiver.to('/other-project')).toEqual([]);
    expect(receiver.to('/foreign')).toEqual([]);
  });

  it('a merged repeat enquiry delivers nothing new', async () => {
    const listing = await e.listing();
    const destination = await c.destination(listing.organisationId, { url: receiver.url('/repeat') });
    const fields = e.enquiry();
    const lead = await enquire(listing.id, fields);
    await c.settledDelivery(destination.id, 'DELIVERED');

    const again = await e.send(listing.id, { ...fields, message: 'Any news on the car space?' });
    expect(again.status).toBe(201);
    expect(await t.db.select().from(leads).where(eq(leads.email, fields.email))).toHaveLength(1);
    // The merge sent no fan-out: only the first enquiry's job names this lead.
    expect(await c.jobsNaming(CRM_JOBS.fanOut, 'leadId', lead.id)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await c.deliveriesOf(destination.id)).toHaveLength(1);
    expect(receiver.to('/repeat')).toHaveLength(1);
  });

  it('a disabled destination gets no delivery for a new lead', async () => {
    const listing = await e.listing();
    const off = await c.destination(listing.organisationId, { url: receiver.url('/off'), enabled: false });
    const on = await c.destination(listing.organisationId, { url: receiver.url('/on') });
    await enquire(listing.id);
    await c.settledDelivery(on.id, 'DELIVERED');
    expect(await c.deliveriesOf(off.id)).toEqual([]);
  });

  it('a failed attempt is RETRYING, its next attempt due 5 s later with its job (the schedule at full length)', async () => {
    const listing = await e.listing();
    const lead = await enquire(listing.id);
    await c.fanOutDone(lead.id);
    const destination = await c.destination(listing.organisationId, { url: receiver.url('/teapot') });
    const delivery = await c.delivery(destination.id, { leadId: lead.id });
    expect(await runCrmDelivery(c.workerDeps(), { deliveryId: delivery.id, attempt: 1 })).toBe('RETRYING');
    const row = await c.deliveryRow(delivery.id);
    expect(row).toMatchObject({ status: 'RETRYING', attempts: 1, responseCode: 418 });
    expect(row!.nextAttemptAt!.getTime() - row!.lastAttemptAt!.getTime()).toBe(5000);
    const jobs = (await t.db.execute(sql`
      select data, start_after as "startAfter", created_on as "createdOn" from pgboss.job
      where name = ${CRM_JOBS.deliver} and (data->>'deliveryId')::int = ${delivery.id}`)) as unknown as {
      rows: { data: { attempt: number }; startAfter: string | Date; createdOn: string | Date }[];
    };
    expect(jobs.rows.map((job) => job.data.attempt)).toEqual([2]);
    const wait = new Date(jobs.rows[0]!.startAfter).getTime() - new Date(jobs.rows[0]!.createdOn).getTime();
    expect(wait).toBeGreaterThanOrEqual(4900);
    expect(wait).toBeLessThan(6000);
    expect(retryDelaySeconds(1, 1)).toBe(5);
    expect(retryDelaySeconds(9, 1)).toBe(86_400);
    expect(retryDelaySeconds(10, 1)).toBeNull();
    // Decision 029: about 3.2 days from the first attempt to the last.
    const days = CRM_RETRY_SCHEDULE_SECONDS.reduce((sum, wait) => sum + wait, 0) / 86_400;
    expect(days).toBeGreaterThan(3.1);
    expect(days).toBeLessThan(3.25);
  });

  it('a test delivery sends the sample lead, marked test, for the organisation’s first project', async () => {
    const listing = await e.listing();
    const destination = await c.destination(listing.organisationId, { url: receiver.url('/test-lead') });
    const delivery = await c.delivery(destination.id, { test: true });
    expect(await runCrmDelivery(c.workerDeps(), { deliveryId: delivery.id, attempt: 1 })).toBe('DELIVERED');
    const [request] = receiver.to('/test-lead');
    const body = new Webhook(destination.secret).verify(request!.body, request!.headers) as LeadWebhook;
    expect(body.data).toMatchObject({
      test: true,
      buyer: { name: 'Test Lead', email: 'test-lead@example.com' },
      project: { id: listing.id, title: 'Wharf Residences' },
      organisation: { id: listing.organisationId },
    });
  });
});

describe('one webhook attempt', () => {
  const secrets = () => ({
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    previousSecret: null,
    previousSecretExpiresAt: null,
  });
  const attempt = (url: string, extra: { timeoutSeconds?: number; production?: boolean } = {}) =>
    sendWebhook({
      url,
      messageId: 'msg_attempt',
      secrets: secrets(),
      payload: {
        id: 1,
        test: false,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        status: 'NEW',
        source: 'listing',
        score: 1,
        project: { id: 1, title: 'Wharf Residences', url: 'https://example.test' },
        organisation: { id: 'org-1', name: 'Harbourline' },
        buyer: { name: 'A', email: 'a@example.test', phone: null, postcode: null },
        buyerType: 'INVESTOR',
        budget: null,
        bedrooms: null,
        configuration: null,
        timeframe: null,
        financeStatus: null,
        message: null,
        utm: { source: null, medium: null, campaign: null },
      },
      at: new Date(),
      production: extra.production ?? false,
      ...(extra.timeoutSeconds ? { timeoutSeconds: extra.timeoutSeconds } : {}),
    });

  it('records a 4xx with the start of its body, a redirect as a failure it does not follow, a refused connection and a time-out', async () => {
    const teapot = await attempt(receiver.url('/teapot'));
    expect(teapot).toMatchObject({ ok: false, responseCode: 418 });
    expect(teapot.error).toBe(`HTTP 418: I am a teapot ${'x'.repeat(200 - 'I am a teapot '.length)}`);

    const moved = await attempt(receiver.url('/moved'));
    expect(moved).toMatchObject({
      ok: false,
      responseCode: 302,
      error: 'HTTP 302: redirects are not followed',
    });
    expect(receiver.to('/elsewhere')).toEqual([]);

    const closed = await startReceiver();
    const closedUrl = closed.url('/gone-away');
    await closed.close();
    expect(await attempt(closedUrl)).toMatchObject({
      ok: false,
      responseCode: null,
      error: 'Connection refused',
    });

    const silent = await startReceiverThatNeverAnswers();
    const slow = await attempt(silent.url, { timeoutSeconds: 0.3 });
    expect(slow).toMatchObject({ ok: false, responseCode: null, error: 'Timed out after 0.3 s' });
    expect(slow.latencyMs).toBeGreaterThanOrEqual(250);
    await silent.close();
  });

  it('in production refuses an address in a private network before any request', async () => {
    const before = receiver.received.length;
    const outcome = await attempt(receiver.url('/private').replace('http:', 'https:'), { production: true });
    expect(outcome).toMatchObject({ ok: false, responseCode: null, latencyMs: 0 });
    expect(outcome.error).toMatch(/private network/);
    expect(receiver.received.length).toBe(before);
  });

  it('connects to the checked address whatever DNS says, keeping the host name in the Host header', async () => {
    const answer = await postWebhook(
      new URL(`http://crm.example.invalid:${receiver.port}/pinned`),
      '{}',
      { 'content-type': 'application/json' },
      { addresses: [{ address: '127.0.0.1', family: 4 }], timeoutMs: 5000 },
    );
    expect(answer.status).toBe(204);
    expect(receiver.to('/pinned')[0]?.headers.host).toBe(`crm.example.invalid:${receiver.port}`);
  });
});

/** A server that accepts the request and never answers (a receiver that hangs). */
async function startReceiverThatNeverAnswers() {
  const { createServer } = await import('node:http');
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hang`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('the dev webhook receiver', () => {
  it('answers 204, and 503 when asked to fail, without a session', async () => {
    const ok = await t.client.api.dev['webhook-receiver'].$post({ query: {} });
    expect(ok.status).toBe(204);
    const failing = await t.client.api.dev['webhook-receiver'].$post({ query: { fail: '1' } });
    expect(failing.status).toBe(503);
  });

  it('is not there in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      const response = await production.client.api.dev['webhook-receiver'].$post({ query: {} });
      expect(response.status).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('the OpenAPI document', () => {
  it('documents the lead.created webhook with its payload and signature headers', async () => {
    const response = await t.request('/api/openapi.json');
    const document = (await response.json()) as {
      webhooks?: Record<string, { post?: { parameters?: { name: string }[]; requestBody?: unknown } }>;
    };
    const webhook = document.webhooks?.[LEAD_WEBHOOK_EVENT]?.post;
    expect(webhook?.parameters?.map((parameter) => parameter.name).sort()).toEqual([
      'webhook-id',
      'webhook-signature',
      'webhook-timestamp',
    ]);
    expect(JSON.stringify(webhook?.requestBody)).toContain('buyer');
  });
});
