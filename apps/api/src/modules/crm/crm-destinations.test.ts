import {
  CRM_DESTINATIONS_MAX,
  CRM_MESSAGES,
  ERROR_CODES,
  WEBHOOK_SECRET_OVERLAP_HOURS,
} from '@offplan/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, crmDestinations } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { crmFixtures } from './crm.fixtures.ts';

/** Issue 18 item 4, decision 029 "Destinations": an owner's webhook and CRM email destinations. */

let t: TestApp;
let f: ReturnType<typeof crmFixtures>;
let org: Awaited<ReturnType<ReturnType<typeof crmFixtures>['organisation']>>;

beforeAll(async () => {
  t = await createTestApp();
  f = crmFixtures(t);
  await f.prepare();
  org = await f.organisation('Harbour Developments');
});
afterAll(() => t.close());

const destinations = () => t.client.api.crm.destinations;
const one = () => t.client.api.crm.destinations[':id'];
const param = (id: number) => ({ id: String(id) });

async function create(
  json: Parameters<ReturnType<typeof destinations>['$post']>[0]['json'],
  headers = org.owner.headers,
) {
  const response = await destinations().$post({ json }, { headers });
  if (response.status !== 201)
    throw new Error(`expected 201, got ${response.status}: ${await response.text()}`);
  return response.json();
}

async function list(headers = org.owner.headers) {
  const response = await destinations().$get({}, { headers });
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}`);
  return (await response.json()).items;
}

async function errorOf(response: Response) {
  return (
    (await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }
  ).error;
}

describe('creating, listing, editing and deleting destinations', () => {
  it('creates a webhook, answers its secret once, and lists it with only a hint of the secret', async () => {
    const { destination, secret } = await create(f.webhook({ name: 'Salesforce' }));
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret!.slice('whsec_'.length), 'base64')).toHaveLength(24);
    expect(destination).toMatchObject({
      name: 'Salesforce',
      kind: 'WEBHOOK',
      url: 'https://crm.example.com/hooks/leads',
      email: null,
      allProjects: true,
      projectIds: [],
      enabled: true,
      disabledReason: null,
      secretHint: `whsec_…${secret!.slice(-4)}`,
      previousSecretExpiresAt: null,
      recent: { delivered: 0, retrying: 0, failed: 0, pending: 0, lastAt: null, lastStatus: null },
    });
    const response = await destinations().$get({}, { headers: org.owner.headers });
    const text = await response.text();
    expect(text).not.toContain(secret!);
    expect(text).not.toContain(secret!.slice('whsec_'.length, -4));
    const listed = (JSON.parse(text) as { items: { id: number; secretHint: string }[] }).items;
    expect(listed.find((item) => item.id === destination.id)?.secretHint).toBe(destination.secretHint);
    const [stored] = await t.db.select().from(crmDestinations).where(eq(crmDestinations.id, destination.id));
    expect(stored).toMatchObject({ secret, organisationId: org.id, createdBy: org.owner.id });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'crm.destination_create'), eq(auditLog.targetId, String(destination.id))),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorUserId).toBe(org.owner.id);
  });

  it('creates a CRM email destination for chosen projects, without a secret', async () => {
    const { destination, secret } = await create(
      f.crmEmail({ allProjects: false, projectIds: [org.projectIds[1], org.projectIds[1]] }),
      org.admin.headers,
    );
    expect(secret).toBeNull();
    expect(destination).toMatchObject({
      kind: 'EMAIL',
      url: null,
      email: 'leads@yourcrm.example.com',
      allProjects: false,
      projectIds: [org.projectIds[1]],
      secretHint: null,
    });
    expect((await list()).map((item) => item.id)).toContain(destination.id);
  });

  it('edits a destination: name, address and projects; enabling clears why the portal disabled it', async () => {
    const { destination } = await create(f.webhook());
    await t.db
      .update(crmDestinations)
      .set({ enabled: false, disabledReason: CRM_MESSAGES.disabledGone })
      .where(eq(crmDestinations.id, destination.id));
    const stillOff = await one().$patch(
      { param: param(destination.id), json: f.webhook({ name: 'Renamed', enabled: false }) },
      { headers: org.owner.headers },
    );
    if (stillOff.status !== 200) throw new Error(`expected 200, got ${stillOff.status}`);
    expect(await stillOff.json()).toMatchObject({
      name: 'Renamed',
      enabled: false,
      disabledReason: CRM_MESSAGES.disabledGone,
    });

    const response = await one().$patch(
      {
        param: param(destination.id),
        json: f.webhook({
          name: 'HubSpot',
          url: 'https://hooks.example.org/in',
          allProjects: false,
          projectIds: [org.projectIds[0]],
          enabled: true,
        }),
      },
      { headers: org.owner.headers },
    );
    if (response.status !== 200) throw new Error(`expected 200, got ${response.status}`);
    expect(await response.json()).toMatchObject({
      id: destination.id,
      name: 'HubSpot',
      url: 'https://hooks.example.org/in',
      allProjects: false,
      projectIds: [org.projectIds[0]],
      enabled: true,
      disabledReason: null,
      secretHint: destination.secretHint,
    });
    const [stored] = await t.db.select().from(crmDestinations).where(eq(crmDestinations.id, destination.id));
    expect(stored!.disabledReason).toBeNull();
  });

  it('refuses to change a destination’s kind', async () => {
    const { destination } = await create(f.webhook());
    const response = await one().$patch(
      { param: param(destination.id), json: f.crmEmail() },
      { headers: org.owner.headers },
    );
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toHaveProperty('kind');
    expect((await list()).find((item) => item.id === destination.id)?.kind).toBe('WEBHOOK');
  });

  it('deletes a destination, audited', async () => {
    const { destination } = await create(f.crmEmail({ name: 'To remove' }));
    const response = await one().$delete({ param: param(destination.id) }, { headers: org.owner.headers });
    expect(response.status).toBe(204);
    expect((await list()).map((item) => item.id)).not.toContain(destination.id);
    const again = await one().$delete({ param: param(destination.id) }, { headers: org.owner.headers });
    expect(again.status).toBe(404);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'crm.destination_delete'), eq(auditLog.targetId, String(destination.id))),
      );
    expect(audits).toHaveLength(1);
  });
});

describe('what a destination may name', () => {
  it('refuses projects of another organisation', async () => {
    const other = await f.organisation('Other Homes');
    const before = (await list()).length;
    const response = await destinations().$post(
      { json: f.webhook({ allProjects: false, projectIds: [org.projectIds[0], other.projectIds[0]] }) },
      { headers: org.owner.headers },
    );
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toEqual({ projectIds: CRM_MESSAGES.projectNotOwned });
    expect(await list()).toHaveLength(before);

    const { destination } = await create(f.crmEmail());
    const patch = await one().$patch(
      {
        param: param(destination.id),
        json: f.crmEmail({ allProjects: false, projectIds: [other.projectIds[1]] }),
      },
      { headers: org.owner.headers },
    );
    expect(patch.status).toBe(400);
    expect((await errorOf(patch)).fields).toEqual({ projectIds: CRM_MESSAGES.projectNotOwned });
  });

  it(`refuses more than ${CRM_DESTINATIONS_MAX} destinations`, async () => {
    const crowded = await f.organisation('Crowded');
    await t.db.insert(crmDestinations).values(
      Array.from({ length: CRM_DESTINATIONS_MAX }, (_, index) => ({
        organisationId: crowded.id,
        name: `Inbox ${index}`,
        kind: 'EMAIL' as const,
        email: `inbox${index}@crm.example.com`,
      })),
    );
    const response = await destinations().$post({ json: f.crmEmail() }, { headers: crowded.owner.headers });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(CRM_MESSAGES.destinationsMax);
    expect(await list(crowded.owner.headers)).toHaveLength(CRM_DESTINATIONS_MAX);
  });
});

describe('webhook secrets', () => {
  it('rotates a secret: the new one is answered once, the old one kept until the overlap ends', async () => {
    const { destination, secret: first } = await create(f.webhook());
    const started = Date.now();
    const response = await t.client.api.crm.destinations[':id'].secret.$post(
      { param: param(destination.id) },
      { headers: org.owner.headers },
    );
    if (response.status !== 200) throw new Error(`expected 200, got ${response.status}`);
    const rotated = await response.json();
    expect(rotated.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(rotated.secret).not.toBe(first);
    expect(rotated.destination.secretHint).toBe(`whsec_…${rotated.secret!.slice(-4)}`);
    const overlap = WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000;
    const expires = Date.parse(rotated.destination.previousSecretExpiresAt!);
    expect(expires).toBeGreaterThanOrEqual(started + overlap - 5_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + overlap + 5_000);
    const [stored] = await t.db.select().from(crmDestinations).where(eq(crmDestinations.id, destination.id));
    expect(stored).toMatchObject({ secret: rotated.secret, previousSecret: first });
    expect(stored!.previousSecretExpiresAt!.getTime()).toBe(expires);
    expect(JSON.stringify(await list())).not.toContain(rotated.secret!);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'crm.destination_secret_rotate'),
          eq(auditLog.targetId, String(destination.id)),
        ),
      );
    expect(audits).toHaveLength(1);
  });

  it('has no secret to rotate for a CRM email destination', async () => {
    const { destination } = await create(f.crmEmail());
    const response = await t.client.api.crm.destinations[':id'].secret.$post(
      { param: param(destination.id) },
      { headers: org.owner.headers },
    );
    expect(response.status).toBe(400);
    const [stored] = await t.db.select().from(crmDestinations).where(eq(crmDestinations.id, destination.id));
    expect(stored!.secret).toBeNull();
  });
});

describe('the webhook address rule', () => {
  it('refuses ftp:// and http:// to a host other than this computer', async () => {
    for (const url of ['ftp://crm.example.com/hook', 'http://crm.example.com/hook']) {
      const response = await destinations().$post(
        { json: f.webhook({ url }) },
        { headers: org.owner.headers },
      );
      expect(response.status, url).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe(ERROR_CODES.validation);
      expect(error.fields).toEqual({ url: CRM_MESSAGES.webhookUrlHttps });
    }
    const patch = await one().$patch(
      {
        param: param((await create(f.webhook())).destination.id),
        json: f.webhook({ url: 'http://1.2.3.4/' }),
      },
      { headers: org.owner.headers },
    );
    expect(patch.status).toBe(400);
    expect((await errorOf(patch)).fields).toEqual({ url: CRM_MESSAGES.webhookUrlHttps });
  });

  it('takes http:// to this computer outside production (the built-in receiver)', async () => {
    const { destination } = await create(
      f.webhook({ url: 'http://localhost:3000/api/dev/webhook-receiver' }),
    );
    expect(destination.url).toBe('http://localhost:3000/api/dev/webhook-receiver');
  });
});

describe('the webhook address rule in production', () => {
  let production: TestApp;
  let owner: { headers: { cookie: string } };

  beforeAll(async () => {
    production = await createTestApp({ NODE_ENV: 'production' });
    const pf = crmFixtures(production);
    await pf.prepare();
    owner = (await pf.organisation('Production Org')).owner;
  });
  afterAll(() => production.close());

  it('refuses an address into a private network, and http:// even to this computer', async () => {
    const cases = [
      { url: 'https://10.0.0.8/hook', message: CRM_MESSAGES.webhookUrlPrivate },
      { url: 'https://169.254.169.254/latest', message: CRM_MESSAGES.webhookUrlPrivate },
      { url: 'https://[::ffff:192.168.1.1]/hook', message: CRM_MESSAGES.webhookUrlPrivate },
      { url: 'https://127.0.0.1:8443/hook', message: CRM_MESSAGES.webhookUrlPrivate },
      { url: 'http://localhost:3000/api/dev/webhook-receiver', message: CRM_MESSAGES.webhookUrlHttps },
    ];
    for (const { url, message } of cases) {
      const response = await production.client.api.crm.destinations.$post(
        { json: f.webhook({ url }) },
        { headers: owner.headers },
      );
      expect(response.status, url).toBe(400);
      expect((await errorOf(response)).fields, url).toEqual({ url: message });
    }
    const listed = await production.client.api.crm.destinations.$get({}, { headers: owner.headers });
    if (listed.status !== 200) throw new Error(`expected 200, got ${listed.status}`);
    expect((await listed.json()).items).toEqual([]);
  });

  it('takes an https:// address of a public host', async () => {
    const response = await production.client.api.crm.destinations.$post(
      { json: f.webhook({ url: 'https://93.184.216.34/hook' }) },
      { headers: owner.headers },
    );
    expect(response.status).toBe(201);
  });
});
