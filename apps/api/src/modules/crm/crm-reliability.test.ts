import { CRM_MESSAGES, enquiryInputSchema, type LeadWebhook } from '@offplan/shared';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmDestinations, inAppMessages, leads, outboxMessages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { storeEnquiry } from '../enquiries/enquiries.repository.ts';
import { enquiryFixtures } from '../enquiries/enquiry.fixtures.ts';
import { crmFixtures, newWebhookSecret, type Receiver, startReceiver } from './crm-delivery.fixtures.ts';
import { CRM_JOBS } from './crm-jobs.ts';
import { sendWebhook } from './crm-webhook.ts';
import {
  CRM_RETRY_SCHEDULE_SECONDS,
  DESTINATION_GONE_TITLE,
  runCrmDelivery,
  runCrmFanOut,
} from './crm-workers.ts';
import { findLeadPayload } from './lead-payload.ts';

/**
 * Decision 029's delivery guarantees: retries on the schedule (compressed: CRM_RETRY_TIME_SCALE makes
 * its 3.2 days about 6 seconds), the same webhook-id on every attempt, 410, secret rotation, and nothing
 * lost or doubled when a job runs twice or a transaction rolls back.
 */
const TIME_SCALE = 0.00002;

let t: TestApp;
let e: ReturnType<typeof enquiryFixtures>;
let c: ReturnType<typeof crmFixtures>;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp({ CRM_RETRY_TIME_SCALE: String(TIME_SCALE) });
  e = enquiryFixtures(t);
  c = crmFixtures(t);
  receiver = await startReceiver((request, count) => {
    if (request.path === '/flaky') return count <= 3 ? { status: 503, body: 'Down for maintenance' } : 204;
    if (request.path === '/down') return { status: 500, body: 'Internal error' };
    if (request.path === '/gone') return { status: 410, body: 'This hook was removed' };
    return 204;
  });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

async function enquire(projectId: number) {
  const fields = e.enquiry();
  expect((await e.send(projectId, fields)).status).toBe(201);
  const [lead] = await t.db.select().from(leads).where(eq(leads.email, fields.email));
  return lead!;
}

describe('retries', () => {
  it('a receiver failing the first 3 attempts then recovering gets the lead once, every attempt with the same webhook-id, all logged', async () => {
    const listing = await e.listing();
    const destination = await c.destination(listing.organisationId, { url: receiver.url('/flaky') });
    const lead = await enquire(listing.id);

    const delivery = await c.settledDelivery(destination.id, 'DELIVERED', 30_000);
    expect(delivery).toMatchObject({
      leadId: lead.id,
      attempts: 4,
      responseCode: 204,
      error: null,
      nextAttemptAt: null,
    });

    const requests = receiver.to('/flaky');
    expect(requests).toHaveLength(4);
    for (const request of requests) {
      expect(request.headers['webhook-id']).toBe(delivery.messageId);
      expect(
        (new Webhook(destination.secret).verify(request.body, request.headers) as LeadWebhook).data.id,
      ).toBe(lead.id);
    }
    const attempts = await c.attemptsOf(delivery.id);
    expect(attempts.map((attempt) => [attempt.ok, attempt.responseCode, attempt.error])).toEqual([
      [false, 503, 'HTTP 503: Down for maintenance'],
      [false, 503, 'HTTP 503: Down for maintenance'],
      [false, 503, 'HTTP 503: Down for maintenance'],
      [true, 204, null],
    ]);
    // One job per attempt, each sent by the attempt before it.
    const jobs = await c.jobsNaming(CRM_JOBS.deliver, 'deliveryId', delivery.id);
    expect(jobs.map((job) => job.attempt).sort()).toEqual([1, 2, 3, 4]);
    // Delivered once: nothing more arrives.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.to('/flaky')).toHaveLength(4);
  }, 40_000);

  it('a receiver that always fails ends FAILED after the whole schedule, with no next attempt', async () => {
    const listing = await e.listing();
    const destination = await c.destination(listing.organisationId, { url: receiver.url('/down') });
    await enquire(listing.id);

    const delivery = await c.settledDelivery(destination.id, 'FAILED', 60_000);
    const attemptCount = CRM_RETRY_SCHEDULE_SECONDS.length + 1;
    expect(attemptCount).toBe(10);
    expect(delivery).toMatchObject({
      attempts: attemptCount,
      responseCode: 500,
      error: 'HTTP 500: Internal error',
      nextAttemptAt: null,
      deliveredAt: null,
    });
    expect(await c.attemptsOf(delivery.id)).toHaveLength(attemptCount);
    expect(new Set(receiver.to('/down').map((request) => request.headers['webhook-id']))).toEqual(
      new Set([delivery.messageId]),
    );
    // The waits between attempts follow the schedule (scaled), in order.
    const times = (await c.attemptsOf(delivery.id)).map((attempt) => attempt.attemptedAt.getTime());
    for (let i = 1; i < times.length; i++) {
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(
        Math.floor(CRM_RETRY_SCHEDULE_SECONDS[i - 1]! * TIME_SCALE * 1000),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.to('/down')).toHaveLength(attemptCount);
  }, 70_000);
});

describe('410 Gone', () => {
  it('disables the destination at once, fails the delivery without retry, and tells the owners in the bell and by email', async () => {
    const listing = await e.listing();
    const owner = await e.person({ organisationId: listing.organisationId, role: 'owner' });
    const admin = await e.person({ organisationId: listing.organisationId, role: 'admin' });
    const destination = await c.destination(listing.organisationId, { url: receiver.url('/gone') });
    await enquire(listing.id);

    const delivery = await c.settledDelivery(destination.id, 'FAILED');
    expect(delivery).toMatchObject({ attempts: 1, responseCode: 410, nextAttemptAt: null });
    expect(delivery.error).toBe('HTTP 410: This hook was removed');
    const [row] = await t.db.select().from(crmDestinations).where(eq(crmDestinations.id, destination.id));
    expect(row).toMatchObject({ enabled: false, disabledReason: CRM_MESSAGES.disabledGone });
    expect(await c.jobsNaming(CRM_JOBS.deliver, 'deliveryId', delivery.id)).toHaveLength(1);

    const bells = await t.db
      .select()
      .from(inAppMessages)
      .where(eq(inAppMessages.title, DESTINATION_GONE_TITLE));
    expect(bells.filter((bell) => bell.audienceUserId === owner.id)).toHaveLength(1);
    expect(bells.filter((bell) => bell.audienceUserId === admin.id)).toHaveLength(0);
    expect(bells.find((bell) => bell.audienceUserId === owner.id)).toMatchObject({ ctaLink: '/crm' });
    const mails = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, 'crm-destination-disabled'));
    expect(mails.map((mail) => mail.to)).toEqual([owner.email]);
    expect(mails[0]?.text).toContain('answered 410 Gone');

    // A new lead makes no delivery to it, and a delivery still queued for it fails without a request.
    const next = await enquire(listing.id);
    const queued = await c.delivery(destination.id, { leadId: next.id });
    expect(await runCrmDelivery(c.workerDeps(), { deliveryId: queued.id, attempt: 1 })).toBe('FAILED');
    expect(await c.deliveryRow(queued.id)).toMatchObject({ status: 'FAILED', error: 'Destination disabled' });
    expect(receiver.to('/gone')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await c.deliveriesOf(destination.id)).map((item) => item.id)).toEqual([delivery.id, queued.id]);
  }, 30_000);
});

describe('secret rotation', () => {
  it('signs with both secrets during the overlap, each signature verifying alone, and with the new one only after it', async () => {
    const listing = await e.listing();
    const previous = newWebhookSecret();
    const overlapping = await c.destination(listing.organisationId, {
      url: receiver.url('/rotating'),
      previousSecret: previous,
      previousSecretExpiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    const expiredPrevious = newWebhookSecret();
    const rotatedLongAgo = await c.destination(listing.organisationId, {
      url: receiver.url('/rotated'),
      previousSecret: expiredPrevious,
      previousSecretExpiresAt: new Date(Date.now() - 1000),
    });
    await enquire(listing.id);
    await c.settledDelivery(overlapping.id, 'DELIVERED');
    await c.settledDelivery(rotatedLongAgo.id, 'DELIVERED');

    const [during] = receiver.to('/rotating');
    const signatures = during!.headers['webhook-signature']!.split(' ');
    expect(signatures).toHaveLength(2);
    for (const secret of [overlapping.secret, previous]) {
      expect(new Webhook(secret).verify(during!.body, during!.headers)).toMatchObject({
        type: 'lead.created',
      });
    }
    for (const signature of signatures) {
      const alone = { ...during!.headers, 'webhook-signature': signature };
      const verifies = [overlapping.secret, previous].filter((secret) => {
        try {
          new Webhook(secret).verify(during!.body, alone);
          return true;
        } catch {
          return false;
        }
      });
      expect(verifies).toHaveLength(1);
    }

    const [after] = receiver.to('/rotated');
    expect(after!.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(() => new Webhook(rotatedLongAgo.secret).verify(after!.body, after!.headers)).not.toThrow();
    expect(() => new Webhook(expiredPrevious).verify(after!.body, after!.headers)).toThrow();
  });
});

describe('killed during delivery', () => {
  /** A lead whose delivery row exists with no job: the test runs the job's handler itself. */
  async function deliveryWithoutJob(path: string) {
    const listing = await e.listing();
    const lead = await enquire(listing.id);
    await c.fanOutDone(lead.id);
    const destination = await c.destination(listing.organisationId, { url: receiver.url(path) });
    return { destination, delivery: await c.delivery(destination.id, { leadId: lead.id }) };
  }

  it('the deliver job run again for the same attempt does nothing', async () => {
    const { delivery } = await deliveryWithoutJob('/twice');
    const deps = c.workerDeps();
    expect(await runCrmDelivery(deps, { deliveryId: delivery.id, attempt: 1 })).toBe('DELIVERED');
    expect(await runCrmDelivery(deps, { deliveryId: delivery.id, attempt: 1 })).toBe('skipped');
    // An attempt that is not the next one (a stale retry) does nothing either.
    expect(await runCrmDelivery(deps, { deliveryId: delivery.id, attempt: 2 })).toBe('skipped');
    expect(receiver.to('/twice')).toHaveLength(1);
    expect(await c.attemptsOf(delivery.id)).toHaveLength(1);
    expect(await c.deliveryRow(delivery.id)).toMatchObject({ status: 'DELIVERED', attempts: 1 });
  });

  it('a process killed after the request, before its commit: the retried job repeats that one request with the same webhook-id and records it once', async () => {
    const { destination, delivery } = await deliveryWithoutJob('/killed');
    // The first run's request, whose process died before it recorded anything.
    const payload = await findLeadPayload(t.db, delivery.leadId!, t.settings.baseUrl);
    const lost = await sendWebhook({
      url: receiver.url('/killed'),
      messageId: delivery.messageId,
      secrets: { secret: destination.secret, previousSecret: null, previousSecretExpiresAt: null },
      payload: payload!,
      at: new Date(),
      production: false,
    });
    expect(lost.ok).toBe(true);
    expect(await c.attemptsOf(delivery.id)).toEqual([]);

    expect(await runCrmDelivery(c.workerDeps(), { deliveryId: delivery.id, attempt: 1 })).toBe('DELIVERED');
    const requests = receiver.to('/killed');
    expect(requests).toHaveLength(2);
    expect(requests.map((request) => request.headers['webhook-id'])).toEqual([
      delivery.messageId,
      delivery.messageId,
    ]);
    expect(await c.attemptsOf(delivery.id)).toHaveLength(1);
    expect(await c.deliveryRow(delivery.id)).toMatchObject({ status: 'DELIVERED', attempts: 1 });
  });

  it('two runs of one attempt at once (a retry beside a slow first run) repeat at most that request, with the same webhook-id, and record it once', async () => {
    const { delivery } = await deliveryWithoutJob('/racing');
    const deps = c.workerDeps();
    const runs = await Promise.all([
      runCrmDelivery(deps, { deliveryId: delivery.id, attempt: 1 }),
      runCrmDelivery(deps, { deliveryId: delivery.id, attempt: 1 }),
    ]);
    expect(runs.sort()).toEqual(['DELIVERED', 'skipped']);
    const requests = receiver.to('/racing');
    expect(requests.length).toBeGreaterThanOrEqual(1);
    expect(requests.length).toBeLessThanOrEqual(2);
    expect(new Set(requests.map((request) => request.headers['webhook-id']))).toEqual(
      new Set([delivery.messageId]),
    );
    expect(await c.attemptsOf(delivery.id)).toHaveLength(1);
  });

  it('a fan-out run again adds no delivery and sends no job', async () => {
    const listing = await e.listing();
    const destination = await c.destination(listing.organisationId, { url: receiver.url('/fan-out-again') });
    const lead = await enquire(listing.id);
    const delivery = await c.settledDelivery(destination.id, 'DELIVERED');
    expect(await runCrmFanOut(c.workerDeps(), { leadId: lead.id })).toEqual([]);
    expect(await c.deliveriesOf(destination.id)).toHaveLength(1);
    expect(await c.jobsNaming(CRM_JOBS.deliver, 'deliveryId', delivery.id)).toHaveLength(1);
    expect(receiver.to('/fan-out-again')).toHaveLength(1);
  });

  it('the fan-out job is written in the lead’s transaction: a lead rolled back leaves no job', async () => {
    const listing = await e.listing();
    const enquiry = enquiryInputSchema.parse(e.enquiry());
    let leadId = 0;
    let jobsInside = 0;
    await expect(
      t.db.transaction(async (tx) => {
        const stored = await storeEnquiry(tx, t.queue, {
          projectId: listing.id,
          enquiry,
          source: 'listing',
          receivedAt: new Date(),
        });
        if (stored.outcome !== 'created') throw new Error(`expected a new lead, got ${stored.outcome}`);
        leadId = stored.leadId;
        jobsInside = (await c.jobsNaming(CRM_JOBS.fanOut, 'leadId', leadId, tx)).length;
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(jobsInside).toBe(1);
    expect(await t.db.select().from(leads).where(eq(leads.id, leadId))).toEqual([]);
    expect(await c.jobsNaming(CRM_JOBS.fanOut, 'leadId', leadId)).toEqual([]);
  });
});

describe('cross-organisation', () => {
  it('a 410 from one organisation’s destination tells only that organisation’s owners', async () => {
    const gone = await e.listing();
    const other = await e.listing();
    const otherOwner = await e.person({ organisationId: other.organisationId, role: 'owner' });
    const destination = await c.destination(gone.organisationId, { url: receiver.url('/gone') });
    await enquire(gone.id);
    await c.settledDelivery(destination.id, 'FAILED');
    const bells = await t.db
      .select()
      .from(inAppMessages)
      .where(
        and(eq(inAppMessages.title, DESTINATION_GONE_TITLE), eq(inAppMessages.audienceUserId, otherOwner.id)),
      );
    expect(bells).toEqual([]);
  });
});
