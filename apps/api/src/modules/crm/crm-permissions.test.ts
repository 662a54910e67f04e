import { CRM_MESSAGES, ERROR_CODES } from '@offplan/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmDeliveries, crmDestinations } from '../../db/schema/index.ts';
import { signIn } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { crmFixtures } from './crm.fixtures.ts';

/**
 * Decision 029 "Who may": owners and admins of an organisation manage its own CRM set-up; members get
 * 403, people without an organisation 403 with the contract's message, and any id of another
 * organisation's destination or delivery answers 404 and changes nothing.
 */

let t: TestApp;
let f: ReturnType<typeof crmFixtures>;
let mine: Awaited<ReturnType<ReturnType<typeof crmFixtures>['organisation']>>;
let theirs: Awaited<ReturnType<ReturnType<typeof crmFixtures>['organisation']>>;
let theirDestination: number;
let theirDelivery: typeof crmDeliveries.$inferSelect;

const param = (id: number) => ({ id: String(id) });

beforeAll(async () => {
  t = await createTestApp();
  f = crmFixtures(t);
  await f.prepare();
  mine = await f.organisation('Mine Pty Ltd');
  theirs = await f.organisation('Theirs Pty Ltd');
  const created = await t.client.api.crm.destinations.$post(
    { json: f.webhook({ name: 'Their CRM' }) },
    { headers: theirs.owner.headers },
  );
  if (created.status !== 201) throw new Error(`expected 201, got ${created.status}`);
  theirDestination = (await created.json()).destination.id;
  theirDelivery = await f.delivery(theirDestination, theirs.projectIds[0], {
    status: 'FAILED',
    attempts: 10,
  });
});
afterAll(() => t.close());

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

/** Every CRM route once, as `headers` would call it, on the given destination and delivery ids. */
function everyRoute(headers: Record<string, string>, destinationId: number, deliveryId: number) {
  const api = t.client.api.crm;
  const destination = api.destinations[':id'];
  return {
    list: () => api.destinations.$get({}, { headers }),
    create: () => api.destinations.$post({ json: f.crmEmail() }, { headers }),
    edit: () => destination.$patch({ param: param(destinationId), json: f.webhook() }, { headers }),
    remove: () => destination.$delete({ param: param(destinationId) }, { headers }),
    rotate: () => destination.secret.$post({ param: param(destinationId) }, { headers }),
    deliveries: () => destination.deliveries.$get({ param: param(destinationId), query: {} }, { headers }),
    resendFailed: () => destination['resend-failed'].$post({ param: param(destinationId) }, { headers }),
    test: () => destination.test.$post({ param: param(destinationId) }, { headers }),
    resend: () => api.deliveries[':id'].resend.$post({ param: param(deliveryId) }, { headers }),
    projects: () => api.projects.$get({}, { headers }),
  };
}

describe('who may manage the CRM set-up', () => {
  it('refuses a member of the organisation every route with 403', async () => {
    for (const [name, call] of Object.entries(
      everyRoute(mine.member.headers, theirDestination, theirDelivery.id),
    )) {
      const response = await call();
      expect(response.status, name).toBe(403);
      expect((await errorOf(response)).code, name).toBe(ERROR_CODES.forbidden);
    }
  });

  it('refuses a caller without a session with 401', async () => {
    for (const [name, call] of Object.entries(everyRoute({}, theirDestination, theirDelivery.id))) {
      expect((await call()).status, name).toBe(401);
    }
  });

  it('refuses a platform admin who belongs to no organisation, saying so', async () => {
    const admin = await f.person({ admin: true });
    const headers = await signIn(t, admin.email);
    for (const name of ['list', 'create', 'projects'] as const) {
      const response = await everyRoute(headers, theirDestination, theirDelivery.id)[name]();
      expect(response.status, name).toBe(403);
      expect((await errorOf(response)).message, name).toBe(CRM_MESSAGES.noOrganisation);
    }
  });

  it('lets an admin of the organisation manage it like its owner', async () => {
    const routes = everyRoute(mine.admin.headers, 0, 0);
    expect((await routes.list()).status).toBe(200);
    expect((await routes.create()).status).toBe(201);
    expect((await routes.projects()).status).toBe(200);
  });
});

describe('another organisation’s ids', () => {
  it('answer 404 on every route that takes one, and nothing changes', async () => {
    const [before] = await t.db
      .select()
      .from(crmDestinations)
      .where(eq(crmDestinations.id, theirDestination));
    const routes = everyRoute(mine.owner.headers, theirDestination, theirDelivery.id);
    for (const name of [
      'edit',
      'remove',
      'rotate',
      'deliveries',
      'resendFailed',
      'test',
      'resend',
    ] as const) {
      const response = await routes[name]();
      expect(response.status, name).toBe(404);
      expect((await errorOf(response)).code, name).toBe(ERROR_CODES.notFound);
    }
    const [after] = await t.db.select().from(crmDestinations).where(eq(crmDestinations.id, theirDestination));
    expect(after).toEqual(before);
    const deliveries = await t.db
      .select()
      .from(crmDeliveries)
      .where(eq(crmDeliveries.destinationId, theirDestination));
    expect(deliveries).toEqual([theirDelivery]);
    expect(await f.deliverJobsOf(theirDelivery.id)).toEqual([]);
  });

  it('are not listed, nor are their projects', async () => {
    const routes = everyRoute(mine.owner.headers, theirDestination, theirDelivery.id);
    const listed = await routes.list();
    if (listed.status !== 200) throw new Error(`expected 200, got ${listed.status}`);
    expect((await listed.json()).items.map((item) => item.id)).not.toContain(theirDestination);
    const projects = await routes.projects();
    if (projects.status !== 200) throw new Error(`expected 200, got ${projects.status}`);
    expect((await projects.json()).items.map((item) => item.projectId)).toEqual([...mine.projectIds]);
  });

  it('stay usable by their own organisation', async () => {
    const routes = everyRoute(theirs.owner.headers, theirDestination, theirDelivery.id);
    expect((await routes.deliveries()).status).toBe(200);
    expect((await routes.resend()).status).toBe(202);
    expect(await f.deliverJobsOf(theirDelivery.id)).toEqual([11]);
  });
});
