import type { CrmDelivery } from '@offplan/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, crmDeliveries, projects } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { crmFixtures } from './crm.fixtures.ts';

/** Decision 029 "Delivery" items 6 and 7: the delivery log, resends, resend all failed, test leads. */

let t: TestApp;
let f: ReturnType<typeof crmFixtures>;
let org: Awaited<ReturnType<ReturnType<typeof crmFixtures>['organisation']>>;

beforeAll(async () => {
  t = await createTestApp();
  f = crmFixtures(t);
  await f.prepare();
  org = await f.organisation('Quay Developments');
});
afterAll(() => t.close());

const param = (id: number) => ({ id: String(id) });

async function newDestination(values: Parameters<typeof f.webhook>[0] = {}) {
  const response = await t.client.api.crm.destinations.$post(
    { json: f.webhook(values) },
    { headers: org.owner.headers },
  );
  if (response.status !== 201) throw new Error(`expected 201, got ${response.status}`);
  return (await response.json()).destination.id;
}

async function page(destinationId: number, query: { cursor?: string; limit?: string; status?: string } = {}) {
  const response = await t.client.api.crm.destinations[':id'].deliveries.$get(
    { param: param(destinationId), query: query as { cursor?: string; limit?: string } },
    { headers: org.owner.headers },
  );
  if (response.status !== 200)
    throw new Error(`expected 200, got ${response.status}: ${await response.text()}`);
  return response.json();
}

const storedDelivery = async (id: number) =>
  (await t.db.select().from(crmDeliveries).where(eq(crmDeliveries.id, id)))[0]!;

describe('the delivery log', () => {
  it('pages newest first with a cursor, and narrows to a state', async () => {
    const destinationId = await newDestination();
    const made = [];
    for (let age = 5; age >= 1; age -= 1) {
      made.push(
        await f.delivery(destinationId, org.projectIds[0], {
          ageDays: age,
          status: age === 3 ? 'FAILED' : 'DELIVERED',
        }),
      );
    }
    // Two made in the same instant: the id breaks the tie, and the cursor neither skips nor repeats one.
    const sameTime = made[4]!.createdAt;
    await t.db.update(crmDeliveries).set({ createdAt: sameTime }).where(eq(crmDeliveries.id, made[3]!.id));
    const newestFirst = [made[4]!.id, made[3]!.id, made[2]!.id, made[1]!.id, made[0]!.id];

    const seen: number[] = [];
    let cursor: string | undefined;
    const sizes: number[] = [];
    do {
      const answer = await page(destinationId, { limit: '2', ...(cursor ? { cursor } : {}) });
      seen.push(...answer.items.map((item) => item.id));
      sizes.push(answer.items.length);
      cursor = answer.nextCursor ?? undefined;
    } while (cursor);
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(newestFirst);

    const failed = await page(destinationId, { status: 'FAILED' });
    expect(failed.items.map((item) => item.id)).toEqual([made[2]!.id]);
    expect(failed.nextCursor).toBeNull();
    expect(failed.items[0]).toMatchObject({
      destinationId,
      leadId: made[2]!.leadId,
      projectId: org.projectIds[0],
      test: false,
      messageId: made[2]!.messageId,
      status: 'FAILED',
    });
    const [project] = await t.db.select().from(projects).where(eq(projects.id, org.projectIds[0]));
    expect(failed.items[0]!.projectTitle).toBe(project!.title);
  });

  it('refuses a cursor it did not give', async () => {
    const destinationId = await newDestination();
    const response = await t.client.api.crm.destinations[':id'].deliveries.$get(
      { param: param(destinationId), query: { cursor: 'not-a-cursor' } },
      { headers: org.owner.headers },
    );
    expect(response.status).toBe(400);
  });

  it('shows each delivery’s latest 10 attempts, newest first', async () => {
    const destinationId = await newDestination();
    const delivery = await f.delivery(destinationId, org.projectIds[1], { status: 'RETRYING', attempts: 12 });
    const start = Date.now() - 3_600_000;
    for (let index = 0; index < 12; index += 1) {
      await f.attempt(delivery.id, {
        at: new Date(start + index * 60_000),
        responseCode: 500 + index,
        ok: false,
      });
    }
    const other = await f.delivery(destinationId, org.projectIds[1], { status: 'DELIVERED', attempts: 1 });
    await f.attempt(other.id, { at: new Date(start), responseCode: 204, ok: true });

    const answer = await page(destinationId);
    const history = answer.items.find((item) => item.id === delivery.id)!.history;
    expect(history).toHaveLength(10);
    expect(history.map((entry) => entry.responseCode)).toEqual([
      511, 510, 509, 508, 507, 506, 505, 504, 503, 502,
    ]);
    expect(history[0]).toEqual({
      at: new Date(start + 11 * 60_000).toISOString(),
      responseCode: 511,
      latencyMs: 120,
      ok: false,
      error: 'HTTP 511',
    });
    expect(answer.items.find((item) => item.id === other.id)!.history).toEqual([
      { at: new Date(start).toISOString(), responseCode: 204, latencyMs: 120, ok: true, error: null },
    ]);
  });

  it('counts a destination’s deliveries of the last 30 days in the list', async () => {
    const destinationId = await newDestination();
    await f.delivery(destinationId, org.projectIds[0], { status: 'DELIVERED', ageDays: 2 });
    await f.delivery(destinationId, org.projectIds[0], { status: 'DELIVERED', ageDays: 1 });
    await f.delivery(destinationId, org.projectIds[0], { status: 'FAILED', ageDays: 40 });
    await f.delivery(destinationId, org.projectIds[1], { status: 'RETRYING', ageDays: 3 });
    const latest = await f.delivery(destinationId, org.projectIds[1], { status: 'FAILED' });
    const response = await t.client.api.crm.destinations.$get({}, { headers: org.owner.headers });
    if (response.status !== 200) throw new Error(`expected 200, got ${response.status}`);
    const listed = (await response.json()).items.find((item) => item.id === destinationId)!;
    expect(listed.recent).toEqual({
      delivered: 2,
      retrying: 1,
      failed: 1,
      pending: 0,
      lastAt: latest.createdAt.toISOString(),
      lastStatus: 'FAILED',
    });
  });
});

describe('resending', () => {
  async function resend(deliveryId: number) {
    const response = await t.client.api.crm.deliveries[':id'].resend.$post(
      { param: param(deliveryId) },
      { headers: org.admin.headers },
    );
    if (response.status !== 202) throw new Error(`expected 202, got ${response.status}`);
    return response.json();
  }

  it('puts a failed delivery back to pending now, with the same message id, and sends its next attempt', async () => {
    const destinationId = await newDestination();
    const delivery = await f.delivery(destinationId, org.projectIds[0], { status: 'FAILED', attempts: 10 });
    const before = Date.now();
    const answer: CrmDelivery = await resend(delivery.id);
    expect(answer).toMatchObject({
      id: delivery.id,
      status: 'PENDING',
      attempts: 10,
      messageId: delivery.messageId,
    });
    expect(Date.parse(answer.nextAttemptAt!)).toBeGreaterThanOrEqual(before - 5_000);
    expect(Date.parse(answer.nextAttemptAt!)).toBeLessThanOrEqual(Date.now() + 5_000);
    expect(await storedDelivery(delivery.id)).toMatchObject({
      status: 'PENDING',
      messageId: delivery.messageId,
    });
    expect(await f.deliverJobsOf(delivery.id)).toEqual([11]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'crm.delivery_resend'), eq(auditLog.targetId, String(delivery.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorUserId).toBe(org.admin.id);
  });

  it('resends a delivered one too', async () => {
    const destinationId = await newDestination();
    const delivery = await f.delivery(destinationId, org.projectIds[0], {
      status: 'DELIVERED',
      attempts: 2,
      deliveredAt: new Date(),
    });
    expect(await resend(delivery.id)).toMatchObject({ status: 'PENDING', attempts: 2 });
    expect(await f.deliverJobsOf(delivery.id)).toEqual([3]);
  });

  it('resends every failed delivery of the last 30 days of one destination, and only those', async () => {
    const destinationId = await newDestination();
    const otherDestination = await newDestination();
    const recentFailed = [
      await f.delivery(destinationId, org.projectIds[0], { status: 'FAILED', attempts: 10, ageDays: 2 }),
      await f.delivery(destinationId, org.projectIds[1], { status: 'FAILED', attempts: 1, ageDays: 29 }),
    ];
    const untouched = [
      await f.delivery(destinationId, org.projectIds[0], { status: 'FAILED', attempts: 10, ageDays: 31 }),
      await f.delivery(destinationId, org.projectIds[0], { status: 'DELIVERED', attempts: 1 }),
      await f.delivery(destinationId, org.projectIds[0], { status: 'RETRYING', attempts: 3 }),
      await f.delivery(otherDestination, org.projectIds[0], { status: 'FAILED', attempts: 10 }),
    ];
    const response = await t.client.api.crm.destinations[':id']['resend-failed'].$post(
      { param: param(destinationId) },
      { headers: org.owner.headers },
    );
    if (response.status !== 200) throw new Error(`expected 200, got ${response.status}`);
    expect(await response.json()).toEqual({ resent: 2 });
    for (const delivery of recentFailed) {
      expect((await storedDelivery(delivery.id)).status).toBe('PENDING');
      expect(await f.deliverJobsOf(delivery.id)).toEqual([delivery.attempts + 1]);
    }
    for (const delivery of untouched) {
      expect((await storedDelivery(delivery.id)).status).toBe(delivery.status);
      expect(await f.deliverJobsOf(delivery.id)).toEqual([]);
    }
    const again = await t.client.api.crm.destinations[':id']['resend-failed'].$post(
      { param: param(destinationId) },
      { headers: org.owner.headers },
    );
    expect(await again.json()).toEqual({ resent: 0 });
  });
});

describe('sending a test lead', () => {
  it('makes a test delivery without a lead for the first project, and sends its first attempt', async () => {
    const destinationId = await newDestination();
    const response = await t.client.api.crm.destinations[':id'].test.$post(
      { param: param(destinationId) },
      { headers: org.owner.headers },
    );
    if (response.status !== 202) throw new Error(`expected 202, got ${response.status}`);
    const delivery = await response.json();
    const [first] = await t.db.select().from(projects).where(eq(projects.id, org.projectIds[0]));
    expect(delivery).toMatchObject({
      destinationId,
      leadId: null,
      test: true,
      status: 'PENDING',
      attempts: 0,
      projectId: org.projectIds[0],
      projectTitle: first!.title,
      history: [],
    });
    expect(delivery.messageId).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(await storedDelivery(delivery.id)).toMatchObject({ test: true, leadId: null, status: 'PENDING' });
    expect(await f.deliverJobsOf(delivery.id)).toEqual([1]);
    expect((await page(destinationId)).items.map((item) => item.id)).toEqual([delivery.id]);

    const second = await t.client.api.crm.destinations[':id'].test.$post(
      { param: param(destinationId) },
      { headers: org.owner.headers },
    );
    if (second.status !== 202) throw new Error(`expected 202, got ${second.status}`);
    expect((await second.json()).messageId).not.toBe(delivery.messageId);
  });

  it('names no project when the organisation has none', async () => {
    const empty = await f.organisation('No Projects Yet');
    await t.db.update(projects).set({ organisationId: null }).where(eq(projects.organisationId, empty.id));
    const created = await t.client.api.crm.destinations.$post(
      { json: f.crmEmail() },
      { headers: empty.owner.headers },
    );
    if (created.status !== 201) throw new Error(`expected 201, got ${created.status}`);
    const { destination } = await created.json();
    const response = await t.client.api.crm.destinations[':id'].test.$post(
      { param: param(destination.id) },
      { headers: empty.owner.headers },
    );
    if (response.status !== 202) throw new Error(`expected 202, got ${response.status}`);
    expect(await response.json()).toMatchObject({ test: true, projectId: null, projectTitle: null });
  });
});

describe('CRM projects', () => {
  it('lists every project of the organisation with its destinations, last delivery and failing count', async () => {
    const own = await f.organisation('Projects Org');
    const [alpha, beta] = own.projectIds;
    const create = async (values: Parameters<typeof f.webhook>[0]) => {
      const response = await t.client.api.crm.destinations.$post(
        { json: f.webhook(values) },
        { headers: own.owner.headers },
      );
      if (response.status !== 201) throw new Error(`expected 201, got ${response.status}`);
      return (await response.json()).destination.id;
    };
    const everything = await create({ allProjects: true });
    await create({ allProjects: false, projectIds: [alpha] });
    await create({ allProjects: false, projectIds: [alpha, beta], enabled: false });
    const deliveredAt = new Date(Date.now() - 3_600_000);
    await f.delivery(everything, alpha, { status: 'DELIVERED', deliveredAt });
    await f.delivery(everything, alpha, { status: 'FAILED' });
    await f.delivery(everything, alpha, { status: 'RETRYING' });
    await f.delivery(everything, alpha, { status: 'FAILED', ageDays: 45 });
    await f.delivery(everything, beta, { status: 'PENDING' });

    const response = await t.client.api.crm.projects.$get({}, { headers: own.admin.headers });
    if (response.status !== 200) throw new Error(`expected 200, got ${response.status}`);
    const items = (await response.json()).items;
    expect(items.map((item) => item.projectId)).toEqual([alpha, beta]);
    expect(items[0]).toMatchObject({
      destinations: 2,
      lastDeliveredAt: deliveredAt.toISOString(),
      failing: 2,
    });
    expect(items[1]).toMatchObject({ destinations: 1, lastDeliveredAt: null, failing: 0 });
  });
});
