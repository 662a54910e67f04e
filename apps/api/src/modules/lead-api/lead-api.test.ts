import {
  CRM_MESSAGES,
  createdApiKeySchema,
  LEAD_API_RATE_PER_MINUTE,
  leadApiCreatedSchema,
  leadApiPageSchema,
  leadPageSchema,
} from '@offplan/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  leads,
  organisationApiKeys,
  projectMembers,
  projects,
  throttleCounters,
} from '../../db/schema/index.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test/test-app.ts';
import { enquiryFixtures } from '../enquiries/enquiry.fixtures.ts';
import { ENQUIRIES_PER_EMAIL } from '../enquiries/enquiry-intake.ts';
import { leadFixtures } from '../leads/lead-fixtures.ts';
import { leadApiThrottleKey } from './api-key-auth.ts';

let t: TestApp;
let f: ReturnType<typeof enquiryFixtures>;
let l: ReturnType<typeof leadFixtures>;
type Person = Awaited<ReturnType<ReturnType<typeof enquiryFixtures>['person']>>;
let owner: Person;
let bravoOwner: Person;
let orgA: string;
let orgB: string;
let alphaQuay: number;
let alphaGardens: number;
let bravoRise: number;
type Key = { id: number; key: string };
let readKey: Key;
let writeKey: Key;
let bravoKey: Key;

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
let ipCount = 0;

/**
 * A call as a CRM's server makes it: the key and nothing a browser adds (no Origin, no cookie). Sent to
 * the app as it is, not through `t.client`, whose every call carries our origin.
 */
function callApi(key: string | null, init: { method?: string; query?: string; json?: unknown } = {}) {
  ipCount += 1;
  const headers: Record<string, string> = { 'x-forwarded-for': `203.0.113.${ipCount % 250}` };
  if (key !== null) headers.authorization = `Bearer ${key}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  return t.app.request(`/api/v1/leads${init.query ? `?${init.query}` : ''}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
  });
}

async function pullPage(key: string, query: string) {
  const response = await callApi(key, { query });
  expect(response.status).toBe(200);
  return leadApiPageSchema.parse(await response.json());
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

async function makeKey(who: Person, scope: 'READ' | 'WRITE'): Promise<Key> {
  const response = await t.client.api.crm['api-keys'].$post(
    { json: { name: `${scope} key`, scope } },
    { headers: { cookie: who.cookie } },
  );
  expect(response.status).toBe(201);
  const { apiKey, key } = createdApiKeySchema.parse(await response.json());
  return { id: apiKey.id, key };
}

beforeAll(async () => {
  t = await createTestApp();
  f = enquiryFixtures(t);
  l = leadFixtures(t);
  const alpha = await f.listing({ title: 'Alpha Quay' });
  orgA = alpha.organisationId;
  alphaQuay = alpha.id;
  alphaGardens = (await f.listing({ title: 'Alpha Gardens', organisationId: orgA })).id;
  const bravo = await f.listing({ title: 'Bravo Rise' });
  orgB = bravo.organisationId;
  bravoRise = bravo.id;
  owner = await f.person({ organisationId: orgA, role: 'owner' });
  bravoOwner = await f.person({ organisationId: orgB, role: 'owner' });
  // The leads page shows the leads of projects one is an approved member of.
  await t.db.insert(projectMembers).values({ projectId: alphaQuay, userId: owner.id });
  readKey = await makeKey(owner, 'READ');
  writeKey = await makeKey(owner, 'WRITE');
  bravoKey = await makeKey(bravoOwner, 'WRITE');
});
afterAll(() => t.close());

describe('GET /api/v1/leads: the organisation’s leads of the last 30 days', () => {
  let expected: number[];
  let tooOld: number;
  let bravoLead: number;

  beforeAll(async () => {
    const sameMoment = ago(4);
    const made = [
      await l.lead({ projectId: alphaQuay, createdAt: ago(29), name: 'Oldest In Window' }),
      await l.lead({ projectId: alphaGardens, createdAt: ago(12) }),
      await l.lead({ projectId: alphaQuay, createdAt: sameMoment }),
      await l.lead({ projectId: alphaGardens, createdAt: sameMoment }),
      await l.lead({ projectId: alphaQuay, createdAt: ago(1), source: 'import' }),
    ];
    expected = made.map((lead) => lead.id);
    tooOld = (await l.lead({ projectId: alphaQuay, createdAt: ago(31) })).id;
    bravoLead = (await l.lead({ projectId: bravoRise, createdAt: ago(2) })).id;
  });

  it('pages through them oldest first with the cursor, nothing older than 30 days, nothing of another organisation', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await pullPage(readKey.key, `limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.data.map((item) => item.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual(expected);
    expect(pages).toBe(3);
    expect(seen).not.toContain(tooOld);
    expect(seen).not.toContain(bravoLead);
  });

  it('answers each lead as the payload webhooks send, with the listing’s address from the base URL', async () => {
    const page = await pullPage(readKey.key, 'limit=1');
    const [first] = page.data;
    const [project] = await t.db.select().from(projects).where(eq(projects.id, alphaQuay));
    expect(first).toMatchObject({
      id: expected[0],
      test: false,
      source: 'listing',
      project: { id: alphaQuay, title: 'Alpha Quay', url: `${TEST_BASE_URL}/nsw/${project!.slug}` },
      organisation: { id: orgA },
      buyer: { name: 'Oldest In Window', phone: '+61412345678' },
    });
    expect(page.nextCursor).toEqual(expect.any(String));
  });

  it('starts at `since`, and gives the other organisation only its own', async () => {
    const recent = await pullPage(readKey.key, `since=${encodeURIComponent(ago(5).toISOString())}`);
    expect(recent.data.map((item) => item.id)).toEqual(expected.slice(2));
    expect(recent.nextCursor).toBeNull();
    const bravo = await pullPage(bravoKey.key, '');
    expect(bravo.data.map((item) => item.id)).toEqual([bravoLead]);
  });

  it('refuses `since` before the window, a `since` that is not a date and a cursor it did not make', async () => {
    const old = await callApi(readKey.key, { query: `since=${ago(31).toISOString()}` });
    expect(old.status).toBe(400);
    expect((await errorOf(old)).message).toContain(CRM_MESSAGES.sinceTooOld);
    const notDate = await callApi(readKey.key, { query: 'since=last-tuesday' });
    expect(notDate.status).toBe(400);
    const forged = await callApi(readKey.key, { query: 'cursor=bm90LWEtY3Vyc29y' });
    expect(forged.status).toBe(400);
  });

  it('notes when a key was last used, writing it at most once a minute', async () => {
    const lastUsedAfterCall = async (before: Date | null) => {
      await t.db
        .update(organisationApiKeys)
        .set({ lastUsedAt: before })
        .where(eq(organisationApiKeys.id, readKey.id));
      await pullPage(readKey.key, 'limit=1');
      const [row] = await t.db
        .select()
        .from(organisationApiKeys)
        .where(eq(organisationApiKeys.id, readKey.id));
      return row!.lastUsedAt;
    };
    expect((await lastUsedAfterCall(null))!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const halfAMinuteAgo = new Date(Date.now() - 30_000);
    expect(await lastUsedAfterCall(halfAMinuteAgo)).toEqual(halfAMinuteAgo);
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    expect((await lastUsedAfterCall(twoMinutesAgo))!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const listed = await t.client.api.crm['api-keys'].$get({}, { headers: { cookie: owner.cookie } });
    const items = (await listed.json()) as { items: { id: number; lastUsedAt: string | null }[] };
    expect(items.items.find((item) => item.id === readKey.id)?.lastUsedAt).toEqual(expect.any(String));
  });
});

describe('the lead API’s key', () => {
  it('refuses a call without a key, with an unknown key, or with only a session cookie (401)', async () => {
    for (const response of [
      await callApi(null),
      await callApi('opk_thisKeyWasNeverMadeByThePortalAtAll000000000'),
      await callApi(readKey.key.replace(/^opk_/, 'xyz_')),
      await t.request('/api/v1/leads', { cookie: owner.cookie }),
    ]) {
      expect(response.status).toBe(401);
      expect(await errorOf(response)).toMatchObject({ message: CRM_MESSAGES.apiKeyInvalid });
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });

  it('refuses a revoked key at once', async () => {
    const doomed = await makeKey(owner, 'WRITE');
    expect((await callApi(doomed.key)).status).toBe(200);
    const revoked = await t.client.api.crm['api-keys'][':id'].$delete(
      { param: { id: String(doomed.id) } },
      { headers: { cookie: owner.cookie } },
    );
    expect(revoked.status).toBe(204);
    const response = await callApi(doomed.key);
    expect(response.status).toBe(401);
    expect((await errorOf(response)).message).toBe(CRM_MESSAGES.apiKeyInvalid);
    const posted = await callApi(doomed.key, {
      method: 'POST',
      json: { ...f.enquiry(), projectId: alphaQuay },
    });
    expect(posted.status).toBe(401);
  });

  it(`answers 429 with Retry-After past ${LEAD_API_RATE_PER_MINUTE} calls a minute per key, other keys unaffected`, async () => {
    const busy = await makeKey(owner, 'READ');
    // The minute's count so far, as other processes would have left it: one call short of the limit.
    await t.db.insert(throttleCounters).values({
      key: leadApiThrottleKey(busy.id),
      windowStartedAt: new Date(),
      hits: LEAD_API_RATE_PER_MINUTE - 1,
    });
    expect((await callApi(busy.key)).status).toBe(200);
    const limited = await callApi(busy.key);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await callApi(busy.key, { method: 'POST', json: {} })).status).toBe(429);
    expect((await callApi(readKey.key)).status).toBe(200);
  });
});

describe('POST /api/v1/leads: a lead through the enquiry intake', () => {
  it('refuses a READ key (403)', async () => {
    const response = await callApi(readKey.key, {
      method: 'POST',
      json: { ...f.enquiry(), projectId: alphaQuay },
    });
    expect(response.status).toBe(403);
    expect((await errorOf(response)).message).toBe(CRM_MESSAGES.apiKeyScope);
  });

  it('creates a lead with source api that the owner sees, and merges a repeat within 24 hours', async () => {
    const enquiry = f.enquiry({ name: 'Api Buyer', message: 'From our CRM' });
    // No Origin header, no cookie: a server's call, which the trusted-origin check lets through.
    const response = await callApi(writeKey.key, {
      method: 'POST',
      json: { ...enquiry, projectId: alphaQuay },
    });
    expect(response.status).toBe(201);
    const created = leadApiCreatedSchema.parse(await response.json());
    expect(created.merged).toBe(false);
    const listed = await t.client.api.leads.$get(
      { query: { q: 'Api Buyer' } },
      { headers: { cookie: owner.cookie } },
    );
    expect(listed.status).toBe(200);
    const items = leadPageSchema.parse(await listed.json()).items;
    expect(items.map((item) => [item.id, item.source])).toEqual([[created.id, 'api']]);
    const repeat = await callApi(writeKey.key, {
      method: 'POST',
      json: { ...enquiry, budget: 1_200_000, projectId: alphaQuay },
    });
    expect(repeat.status).toBe(201);
    expect(leadApiCreatedSchema.parse(await repeat.json())).toEqual({ id: created.id, merged: true });
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, created.id));
    expect(lead).toMatchObject({ source: 'api', enquiryCount: 2 });
  });

  it('answers 404 for another organisation’s project or one that does not exist; nothing is stored', async () => {
    const before = (await t.db.select({ id: leads.id }).from(leads)).length;
    for (const projectId of [bravoRise, 999_999]) {
      const response = await callApi(writeKey.key, { method: 'POST', json: { ...f.enquiry(), projectId } });
      expect(response.status).toBe(404);
    }
    expect((await t.db.select({ id: leads.id }).from(leads)).length).toBe(before);
  });

  it('refuses invalid fields with their messages', async () => {
    const response = await callApi(writeKey.key, {
      method: 'POST',
      json: { ...f.enquiry(), email: 'not-an-email', projectId: alphaQuay },
    });
    expect(response.status).toBe(400);
    expect(
      ((await response.json()) as { error: { fields: Record<string, string> } }).error.fields,
    ).toHaveProperty('email');
  });

  it('is not held by the per-address limit, but keeps the per-buyer-email one', async () => {
    // Eleven buyers through one integration, from one address: past the form's 10 per address.
    for (let i = 0; i < 11; i += 1) {
      const response = await t.app.request('/api/v1/leads', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${writeKey.key}`,
          'content-type': 'application/json',
          'x-forwarded-for': '192.0.2.77',
        },
        body: JSON.stringify({ ...f.enquiry(), projectId: alphaGardens }),
      });
      expect(response.status).toBe(201);
    }
    const flooded = f.enquiry();
    await t.db.insert(throttleCounters).values({
      key: `enquiry-email:${flooded.email}`,
      windowStartedAt: new Date(),
      hits: ENQUIRIES_PER_EMAIL.max,
    });
    const response = await callApi(writeKey.key, {
      method: 'POST',
      json: { ...flooded, projectId: alphaGardens },
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('the lead API in the OpenAPI document', () => {
  it('declares both routes with the bearer API key scheme', async () => {
    const response = await t.request('/api/openapi.json');
    const document = (await response.json()) as {
      paths: Record<string, Record<string, { security?: unknown }>>;
      components: { securitySchemes?: Record<string, { type: string; scheme: string }> };
    };
    const operations = document.paths['/api/v1/leads']!;
    expect(operations.get!.security).toEqual([{ organisationApiKey: [] }]);
    expect(operations.post!.security).toEqual([{ organisationApiKey: [] }]);
    expect(document.components.securitySchemes?.organisationApiKey).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });
});
