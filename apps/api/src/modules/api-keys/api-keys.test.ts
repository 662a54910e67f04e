import { createHash } from 'node:crypto';
import { API_KEYS_MAX, apiKeyListSchema, CRM_MESSAGES, createdApiKeySchema } from '@offplan/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organisationApiKeys } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';

let t: TestApp;
let f: ReturnType<typeof projectFixtures>;
type Person = Awaited<ReturnType<ReturnType<typeof projectFixtures>['person']>>;
let owner: Person;
let orgAdmin: Person;
let member: Person;
let otherOwner: Person;
let platformAdmin: Person;
let orgA: string;
let orgB: string;

const as = (who: { cookie: string }) => ({ headers: { cookie: who.cookie } });
const keysApi = () => t.client.api.crm['api-keys'];

async function create(who: Person, json: { name: string; scope: 'READ' | 'WRITE' }) {
  const response = await keysApi().$post({ json }, as(who));
  expect(response.status).toBe(201);
  return createdApiKeySchema.parse(await response.json());
}

async function list(who: Person) {
  const response = await keysApi().$get({}, as(who));
  expect(response.status).toBe(200);
  return apiKeyListSchema.parse(await response.json()).items;
}

const revoke = (who: Person, id: number) => keysApi()[':id'].$delete({ param: { id: String(id) } }, as(who));

beforeAll(async () => {
  t = await createTestApp();
  f = projectFixtures(t);
  orgA = await f.organisation('Alpha Developments');
  orgB = await f.organisation('Bravo Homes');
  owner = await f.person({ organisationId: orgA, role: 'owner' });
  orgAdmin = await f.person({ organisationId: orgA, role: 'admin' });
  member = await f.person({ organisationId: orgA, role: 'member' });
  otherOwner = await f.person({ organisationId: orgB, role: 'owner' });
  platformAdmin = await f.person({ admin: true });
});
afterAll(() => t.close());

describe('API keys: create, list, revoke', () => {
  it('answers a new key once and keeps only its SHA-256 and prefix; audited', async () => {
    const { apiKey, key } = await create(owner, { name: 'HubSpot sync', scope: 'READ' });
    expect(key).toMatch(/^opk_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({ name: 'HubSpot sync', scope: 'READ', prefix: key.slice(0, 12) });
    expect(apiKey.createdBy).toBe('Test User');
    const [stored] = await t.db
      .select()
      .from(organisationApiKeys)
      .where(eq(organisationApiKeys.id, apiKey.id));
    expect(stored).toMatchObject({
      organisationId: orgA,
      keyHash: createHash('sha256').update(key).digest('hex'),
      prefix: key.slice(0, 12),
      createdBy: owner.id,
      revokedAt: null,
    });
    expect(JSON.stringify(stored)).not.toContain(key.slice(12));
    const listed = (await list(owner)).find((item) => item.id === apiKey.id);
    expect(listed).toEqual({ ...apiKey, lastUsedAt: null });
    expect(JSON.stringify(await list(owner))).not.toContain(key.slice(12));
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api_key.create'), eq(auditLog.targetId, String(apiKey.id))));
    expect(entry).toMatchObject({ actorUserId: owner.id, targetType: 'api_key' });
    expect(entry?.data).toMatchObject({ organisationId: orgA, scope: 'READ', prefix: apiKey.prefix });
  });

  it('gives every key a different value, newest listed first; an organisation admin manages them too', async () => {
    const first = await create(orgAdmin, { name: 'Zapier', scope: 'WRITE' });
    const second = await create(orgAdmin, { name: 'Zapier', scope: 'WRITE' });
    expect(second.key).not.toBe(first.key);
    const ids = (await list(orgAdmin)).map((item) => item.id);
    expect(ids.indexOf(second.apiKey.id)).toBeLessThan(ids.indexOf(first.apiKey.id));
    expect(await list(owner)).toEqual(await list(orgAdmin));
  });

  it('revokes a key: 204, never listed again, kept with revoked_at for the audit; a second revoke is 404', async () => {
    const { apiKey } = await create(owner, { name: 'Old integration', scope: 'WRITE' });
    const response = await revoke(owner, apiKey.id);
    expect(response.status).toBe(204);
    expect((await list(owner)).map((item) => item.id)).not.toContain(apiKey.id);
    const [stored] = await t.db
      .select()
      .from(organisationApiKeys)
      .where(eq(organisationApiKeys.id, apiKey.id));
    expect(stored?.revokedAt).toBeInstanceOf(Date);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api_key.revoke'), eq(auditLog.targetId, String(apiKey.id))));
    expect(entry).toMatchObject({ actorUserId: owner.id, targetType: 'api_key' });
    expect((await revoke(owner, apiKey.id)).status).toBe(404);
  });

  it('refuses a name that is empty or too long', async () => {
    const empty = await keysApi().$post({ json: { name: '  ', scope: 'READ' } }, as(owner));
    expect(empty.status).toBe(400);
    const long = await keysApi().$post({ json: { name: 'x'.repeat(81), scope: 'READ' } }, as(owner));
    expect(long.status).toBe(400);
  });
});

describe('API keys: who may, and the limit', () => {
  it("keeps organisations apart: another organisation's key is not listed and revoking it is 404", async () => {
    const { apiKey } = await create(owner, { name: 'Alpha only', scope: 'READ' });
    expect((await list(otherOwner)).map((item) => item.id)).not.toContain(apiKey.id);
    const response = await revoke(otherOwner, apiKey.id);
    expect(response.status).toBe(404);
    const [stored] = await t.db
      .select()
      .from(organisationApiKeys)
      .where(eq(organisationApiKeys.id, apiKey.id));
    expect(stored?.revokedAt).toBeNull();
    const { apiKey: bravoKey } = await create(otherOwner, { name: 'Bravo only', scope: 'READ' });
    expect((await list(owner)).map((item) => item.id)).not.toContain(bravoKey.id);
    expect((await revoke(owner, bravoKey.id)).status).toBe(404);
  });

  it('refuses members (403) to list, create and revoke', async () => {
    const { apiKey } = await create(owner, { name: 'Members cannot see', scope: 'READ' });
    expect((await keysApi().$get({}, as(member))).status).toBe(403);
    expect((await keysApi().$post({ json: { name: 'Mine', scope: 'WRITE' } }, as(member))).status).toBe(403);
    expect((await revoke(member, apiKey.id)).status).toBe(403);
    expect((await list(owner)).map((item) => item.id)).toContain(apiKey.id);
  });

  it('refuses a caller without a session (401) and a platform admin without an organisation (403)', async () => {
    expect((await keysApi().$get({})).status).toBe(401);
    const response = await keysApi().$get({}, as(platformAdmin));
    expect(response.status).toBe(403);
    const body = await response.json();
    expect('error' in body && body.error.message).toBe(CRM_MESSAGES.noOrganisation);
  });

  it(`allows at most ${API_KEYS_MAX} keys in use; revoked keys do not count`, async () => {
    const orgC = await f.organisation('Crest Living');
    const crestOwner = await f.person({ organisationId: orgC, role: 'owner' });
    await t.db.insert(organisationApiKeys).values(
      Array.from({ length: API_KEYS_MAX - 1 }, (_, i) => ({
        organisationId: orgC,
        name: `Key ${i}`,
        scope: 'READ' as const,
        keyHash: `hash-${orgC}-${i}`,
        prefix: `opk_key${i}`,
      })),
    );
    const last = await create(crestOwner, { name: 'The last one', scope: 'READ' });
    const refused = await keysApi().$post({ json: { name: 'One too many', scope: 'READ' } }, as(crestOwner));
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect('error' in body && body.error.message).toBe(CRM_MESSAGES.apiKeysMax);
    expect((await revoke(crestOwner, last.apiKey.id)).status).toBe(204);
    await create(crestOwner, { name: 'Room again', scope: 'READ' });
    // Another organisation's keys are counted on their own.
    await create(owner, { name: 'Alpha still may', scope: 'READ' });
  });
});
