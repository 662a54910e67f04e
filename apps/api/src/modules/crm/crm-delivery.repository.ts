import {
  CRM_MESSAGES,
  type CrmDeliveryStatus,
  type CrmDestinationKind,
  ENQUIRY_BUYER_TYPES,
  type LeadPayload,
} from '@offplan/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { crmDeliveries, crmDeliveryAttempts, crmDestinations, member, user } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { sendCrmDelivery } from './crm-jobs.ts';
import { findLeadPayload } from './lead-payload.ts';

/**
 * The SQL of CRM delivery (decision 029 "Delivery"): the fan-out of a new lead to its destinations,
 * the delivery an attempt works on, and the record of each attempt with the next one's job, each in
 * one transaction with the jobs it sends.
 */

/**
 * The fan-out of one lead, in one transaction: a delivery per enabled destination of the lead's
 * organisation that routes its project, and the first attempt's job for each delivery made here. The
 * unique (destination, lead) index makes a rerun (a retried or repeated job) add nothing and send nothing.
 * Answers the ids of the deliveries made.
 */
export async function fanOutLead(db: Db, queue: JobQueue, leadId: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    const inserted = (await tx.execute(sql`
      insert into crm_deliveries (destination_id, lead_id, message_id)
      select d.id, l.id, 'msg_' || replace(gen_random_uuid()::text, '-', '')
      from leads l
      join projects p on p.id = l.project_id
      join crm_destinations d on d.organisation_id = p.organisation_id
      where l.id = ${leadId} and d.enabled
        and (d.all_projects or exists (
          select 1 from crm_destination_projects dp where dp.destination_id = d.id and dp.project_id = p.id))
      order by d.id
      on conflict (destination_id, lead_id) where lead_id is not null do nothing
      returning id`)) as unknown as { rows: { id: number }[] };
    const ids = inserted.rows.map((row) => Number(row.id));
    for (const deliveryId of ids) await sendCrmDelivery(tx, queue, { deliveryId, attempt: 1 });
    return ids;
  });
}

/** A delivery with what an attempt needs of its destination. */
export type DeliveryToAttempt = {
  id: number;
  leadId: number | null;
  test: boolean;
  messageId: string;
  status: CrmDeliveryStatus;
  attempts: number;
  destination: {
    id: number;
    organisationId: string;
    name: string;
    kind: CrmDestinationKind;
    url: string | null;
    email: string | null;
    enabled: boolean;
    secret: string | null;
    previousSecret: string | null;
    previousSecretExpiresAt: Date | null;
  };
};

const deliveryColumns = {
  id: crmDeliveries.id,
  leadId: crmDeliveries.leadId,
  test: crmDeliveries.test,
  messageId: crmDeliveries.messageId,
  status: crmDeliveries.status,
  attempts: crmDeliveries.attempts,
  destination: {
    id: crmDestinations.id,
    organisationId: crmDestinations.organisationId,
    name: crmDestinations.name,
    kind: crmDestinations.kind,
    url: crmDestinations.url,
    email: crmDestinations.email,
    enabled: crmDestinations.enabled,
    secret: crmDestinations.secret,
    previousSecret: crmDestinations.previousSecret,
    previousSecretExpiresAt: crmDestinations.previousSecretExpiresAt,
  },
};

/** The delivery, or null when it is gone (its lead or destination was deleted). */
export async function findDelivery(db: Db, deliveryId: number): Promise<DeliveryToAttempt | null> {
  const [row] = await db
    .select(deliveryColumns)
    .from(crmDeliveries)
    .innerJoin(crmDestinations, eq(crmDestinations.id, crmDeliveries.destinationId))
    .where(eq(crmDeliveries.id, deliveryId));
  return row ?? null;
}

/**
 * The delivery locked for the rest of the transaction: a second run of the same attempt (a retried
 * job, another process) waits here, then finds the attempt recorded and records nothing.
 */
export async function lockDelivery(tx: Db, deliveryId: number): Promise<DeliveryToAttempt | null> {
  const [row] = await tx
    .select(deliveryColumns)
    .from(crmDeliveries)
    .innerJoin(crmDestinations, eq(crmDestinations.id, crmDeliveries.destinationId))
    .where(eq(crmDeliveries.id, deliveryId))
    .for('update', { of: crmDeliveries });
  return row ?? null;
}

/**
 * Decision 029: a job runs only the delivery's next attempt, and never one of a delivery that is
 * DELIVERED or FAILED (a resend makes it PENDING again first).
 */
export const isAttemptDue = (delivery: DeliveryToAttempt, attempt: number) =>
  (delivery.status === 'PENDING' || delivery.status === 'RETRYING') && delivery.attempts + 1 === attempt;

/** What one attempt came to. `gone`: the receiver answered 410 (the destination is disabled). */
export type AttemptOutcome = {
  ok: boolean;
  responseCode: number | null;
  latencyMs: number;
  error: string | null;
  gone?: boolean;
  /** No retry follows (a 410, a disabled destination, a lead that is gone). */
  final?: boolean;
};

/**
 * Records an attempt and the delivery's new state, and, when it failed and `retryInSeconds` is given
 * (the schedule has another step), sends the next attempt's job, due then: one transaction, so a
 * delivery recorded as retrying always has its job.
 */
export async function recordAttempt(
  tx: Db,
  queue: JobQueue,
  input: {
    deliveryId: number;
    attempt: number;
    at: Date;
    outcome: AttemptOutcome;
    retryInSeconds: number | null;
  },
) {
  const { deliveryId, attempt, at, outcome } = input;
  const retry = !outcome.ok && input.retryInSeconds !== null;
  await tx.insert(crmDeliveryAttempts).values({
    deliveryId,
    attemptedAt: at,
    responseCode: outcome.responseCode,
    latencyMs: outcome.latencyMs,
    ok: outcome.ok,
    error: outcome.error,
  });
  await tx
    .update(crmDeliveries)
    .set({
      status: outcome.ok ? 'DELIVERED' : retry ? 'RETRYING' : 'FAILED',
      attempts: attempt,
      lastAttemptAt: at,
      nextAttemptAt: retry ? new Date(at.getTime() + (input.retryInSeconds ?? 0) * 1000) : null,
      responseCode: outcome.responseCode,
      latencyMs: outcome.latencyMs,
      error: outcome.error,
      ...(outcome.ok ? { deliveredAt: at } : {}),
    })
    .where(eq(crmDeliveries.id, deliveryId));
  if (retry) {
    await sendCrmDelivery(tx, queue, { deliveryId, attempt: attempt + 1 }, input.retryInSeconds ?? 0);
  }
}

/**
 * Decision 029: a 410 answer disables the destination, saying why on the CRM page. True when this call
 * disabled it (two deliveries answered 410 at once: the owners are told once).
 */
export async function disableGoneDestination(tx: Db, destinationId: number): Promise<boolean> {
  const disabled = await tx
    .update(crmDestinations)
    .set({ enabled: false, disabledReason: CRM_MESSAGES.disabledGone, updatedAt: new Date() })
    .where(and(eq(crmDestinations.id, destinationId), eq(crmDestinations.enabled, true)))
    .returning({ id: crmDestinations.id });
  return disabled.length > 0;
}

/** The organisation's owners, who are told when a destination is disabled. */
export function organisationOwners(tx: Db, organisationId: string) {
  return tx
    .select({ id: user.id, email: user.email })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(
      and(
        eq(member.organizationId, organisationId),
        eq(member.role, 'owner'),
        sql`coalesce(${user.banned}, false) = false`,
      ),
    )
    .orderBy(user.email);
}

/** The sample buyer of 'Send test lead' (decision 029): never a real person. */
export const TEST_LEAD_BUYER = { name: 'Test Lead', email: 'test-lead@example.com' } as const;

/**
 * The fixed payload of a test delivery: a sample lead marked `test: true` for the organisation's first
 * project (a placeholder project when it has none yet), so a CRM can be tried before a buyer enquires.
 */
export async function testLeadPayload(
  db: Db,
  organisationId: string,
  baseUrl: string,
  at: Date,
): Promise<LeadPayload> {
  const result = (await db.execute(sql`
    select o.id, o.name, p.id as "projectId", p.title, p.prefix, p.slug
    from organization o
    left join lateral (
      select id, title, prefix, slug from projects where organisation_id = o.id order by id limit 1
    ) p on true
    where o.id = ${organisationId}`)) as unknown as {
    rows: {
      id: string;
      name: string;
      projectId: number | null;
      title: string | null;
      prefix: string | null;
      slug: string | null;
    }[];
  };
  const row = result.rows[0];
  const project =
    row?.projectId != null
      ? { id: Number(row.projectId), title: row.title ?? '', url: `${baseUrl}/${row.prefix}/${row.slug}` }
      : { id: 0, title: 'Sample project', url: baseUrl };
  const now = at.toISOString();
  return {
    id: 0,
    test: true,
    createdAt: now,
    updatedAt: now,
    status: 'NEW',
    source: 'test',
    score: 50,
    project,
    organisation: { id: organisationId, name: row?.name ?? '' },
    buyer: { ...TEST_LEAD_BUYER, phone: '0400 000 000', postcode: '2000' },
    buyerType: ENQUIRY_BUYER_TYPES[0] ?? 'FIRST_HOME_BUYER',
    budget: 750000,
    bedrooms: 2,
    configuration: '2 bedroom',
    timeframe: 'WITHIN_3_MONTHS',
    financeStatus: 'PRE_APPROVED',
    message: 'This is a test lead sent from the CRM page.',
    utm: { source: null, medium: null, campaign: null },
  };
}

/** What a delivery sends: its lead's payload, the sample for a test, or null when the lead is gone. */
export function deliveryPayload(db: Db, delivery: DeliveryToAttempt, baseUrl: string, at: Date) {
  if (delivery.leadId !== null) return findLeadPayload(db, delivery.leadId, baseUrl);
  return testLeadPayload(db, delivery.destination.organisationId, baseUrl, at);
}
