import { randomUUID } from 'node:crypto';
import type { CrmDelivery, CrmDeliveryAttempt, CrmDeliveryStatus } from '@offplan/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { sendCrmDelivery } from './crm-jobs.ts';

/**
 * The delivery log of an organisation's destinations, resends and test leads (decision 029, Delivery
 * items 6 and 7). Every query is narrowed to the organisation: another's ids find nothing.
 */

/** Resend all failed and the destination's counts look this far back. */
const RECENT = sql`now() - interval '30 days'`;
const HISTORY_LENGTH = 10;

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

type DeliveryRow = {
  id: number;
  destinationId: number;
  leadId: number | null;
  projectId: number | null;
  projectTitle: string | null;
  test: boolean;
  messageId: string;
  status: CrmDeliveryStatus;
  attempts: number;
  lastAttemptAt: string | Date | null;
  nextAttemptAt: string | Date | null;
  responseCode: number | null;
  latencyMs: number | null;
  error: string | null;
  createdAt: string | Date;
  /** created_at as the database holds it (microseconds), for the cursor. */
  cursorAt: string;
};

type AttemptRow = {
  deliveryId: number;
  at: string | Date;
  responseCode: number | null;
  latencyMs: number;
  ok: boolean;
  error: string | null;
};

/**
 * Deliveries with their project: the lead's, or for a test lead the sample project (the organisation's
 * first, as the test payload names it). `where` narrows `x` (crm_deliveries) and `d` (its destination).
 */
async function readDeliveries(db: Db, where: SQL, limit?: number): Promise<DeliveryRow[]> {
  const result = (await db.execute(sql`
    select x.id, x.destination_id as "destinationId", x.lead_id as "leadId", x.test,
      x.message_id as "messageId", x.status::text as status, x.attempts,
      x.last_attempt_at as "lastAttemptAt", x.next_attempt_at as "nextAttemptAt",
      x.response_code as "responseCode", x.latency_ms as "latencyMs", x.error,
      x.created_at as "createdAt",
      to_char(x.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursorAt",
      coalesce(p.id, sample.id) as "projectId", coalesce(p.title, sample.title) as "projectTitle"
    from crm_deliveries x
    join crm_destinations d on d.id = x.destination_id
    left join leads l on l.id = x.lead_id
    left join projects p on p.id = l.project_id
    left join lateral (
      select s.id, s.title from projects s
      where x.lead_id is null and s.organisation_id = d.organisation_id
      order by s.id limit 1
    ) sample on true
    where ${where}
    order by x.created_at desc, x.id desc
    ${limit === undefined ? sql`` : sql`limit ${limit}`}`)) as unknown as { rows: DeliveryRow[] };
  return result.rows;
}

/** Each delivery's latest attempts, newest first. */
async function historyOf(db: Db, deliveryIds: number[]): Promise<Map<number, CrmDeliveryAttempt[]>> {
  const history = new Map<number, CrmDeliveryAttempt[]>(deliveryIds.map((id) => [id, []]));
  if (deliveryIds.length === 0) return history;
  const result = (await db.execute(sql`
    select "deliveryId", at, "responseCode", "latencyMs", ok, error from (
      select a.delivery_id as "deliveryId", a.attempted_at as at, a.response_code as "responseCode",
        a.latency_ms as "latencyMs", a.ok, a.error,
        row_number() over (partition by a.delivery_id order by a.attempted_at desc, a.id desc) as rank
      from crm_delivery_attempts a
      where a.delivery_id in (${sql.join(
        deliveryIds.map((id) => sql`${id}`),
        sql`, `,
      )})
    ) ranked
    where rank <= ${HISTORY_LENGTH}
    order by "deliveryId", rank`)) as unknown as { rows: AttemptRow[] };
  for (const row of result.rows) {
    history.get(row.deliveryId)!.push({
      at: iso(row.at)!,
      responseCode: row.responseCode,
      latencyMs: row.latencyMs,
      ok: row.ok,
      error: row.error,
    });
  }
  return history;
}

const deliveryOf = (row: DeliveryRow, history: CrmDeliveryAttempt[]): CrmDelivery => ({
  id: row.id,
  destinationId: row.destinationId,
  leadId: row.leadId,
  projectId: row.projectId,
  projectTitle: row.projectTitle,
  test: row.test,
  messageId: row.messageId,
  status: row.status,
  attempts: row.attempts,
  lastAttemptAt: iso(row.lastAttemptAt),
  nextAttemptAt: iso(row.nextAttemptAt),
  responseCode: row.responseCode,
  latencyMs: row.latencyMs,
  error: row.error,
  createdAt: iso(row.createdAt)!,
  history,
});

async function withHistory(db: Db, rows: DeliveryRow[]): Promise<CrmDelivery[]> {
  const history = await historyOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => deliveryOf(row, history.get(row.id) ?? []));
}

const inOrganisation = (organisationId: string) => sql`d.organisation_id = ${organisationId}`;

/** One delivery of the organisation, with its history; null when there is none of that id. */
export async function findDelivery(db: Db, organisationId: string, id: number): Promise<CrmDelivery | null> {
  const rows = await readDeliveries(db, sql`${inOrganisation(organisationId)} and x.id = ${id}`);
  return (await withHistory(db, rows))[0] ?? null;
}

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The cursor is opaque to clients: base64url of the last row's created_at (to the microsecond) and id. */
const encodeCursor = (row: DeliveryRow) =>
  Buffer.from(JSON.stringify([row.cursorAt, row.id])).toString('base64url');

function decodeCursor(cursor: string): { at: string; id: number } | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [at, id] = value as unknown[];
    if (typeof at !== 'string' || !CURSOR_TIME.test(at) || !Number.isSafeInteger(id)) return null;
    return { at, id: id as number };
  } catch {
    return null;
  }
}

async function destinationExists(db: Db, organisationId: string, destinationId: number) {
  const result = (await db.execute(sql`
    select 1 from crm_destinations d where d.id = ${destinationId} and ${inOrganisation(organisationId)}`)) as unknown as {
    rows: unknown[];
  };
  return result.rows.length > 0;
}

/** A page of a destination's log, newest first; null when the destination is not the organisation's. */
export async function deliveryPage(
  db: Db,
  organisationId: string,
  destinationId: number,
  query: { status?: CrmDeliveryStatus | undefined; cursor?: string | undefined; limit: number },
): Promise<'notFound' | 'badCursor' | { items: CrmDelivery[]; nextCursor: string | null }> {
  if (!(await destinationExists(db, organisationId, destinationId))) return 'notFound';
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  if (query.cursor !== undefined && !after) return 'badCursor';
  const conditions = [sql`x.destination_id = ${destinationId}`, inOrganisation(organisationId)];
  if (query.status) conditions.push(sql`x.status = ${query.status}`);
  if (after) conditions.push(sql`(x.created_at, x.id) < (${after.at}::timestamptz, ${after.id})`);
  const rows = await readDeliveries(db, sql.join(conditions, sql` and `), query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await withHistory(db, page),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}

type AuditWrite = (tx: Db, data: Record<string, unknown>) => Promise<void>;

/**
 * Puts deliveries back to PENDING with an attempt due now and sends that attempt's job in the same
 * transaction. The message id stays: the receiver sees the same `webhook-id` and can drop a repeat. A
 * job already scheduled for a retry finds its attempt taken and does nothing.
 */
async function resendInTransaction(tx: Db, queue: JobQueue, where: SQL) {
  const result = (await tx.execute(sql`
    update crm_deliveries x set status = 'PENDING', next_attempt_at = now()
    from crm_destinations d
    where d.id = x.destination_id and ${where}
    returning x.id, x.attempts`)) as unknown as { rows: { id: number; attempts: number }[] };
  for (const row of result.rows) {
    await sendCrmDelivery(tx, queue, { deliveryId: row.id, attempt: row.attempts + 1 });
  }
  return result.rows.map((row) => row.id);
}

/** Sends one delivery again (a delivered one too); null when it is not the organisation's. */
export async function resendDelivery(
  db: Db,
  queue: JobQueue,
  organisationId: string,
  deliveryId: number,
  onResent: AuditWrite,
): Promise<CrmDelivery | null> {
  return db.transaction(async (tx) => {
    const ids = await resendInTransaction(
      tx,
      queue,
      sql`x.id = ${deliveryId} and ${inOrganisation(organisationId)}`,
    );
    if (ids.length === 0) return null;
    await onResent(tx, { deliveryId });
    return findDelivery(tx, organisationId, deliveryId);
  });
}

/** Sends every FAILED delivery of the last 30 days of a destination again; null when it is not the organisation's. */
export async function resendFailed(
  db: Db,
  queue: JobQueue,
  organisationId: string,
  destinationId: number,
  onResent: AuditWrite,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    if (!(await destinationExists(tx, organisationId, destinationId))) return null;
    const ids = await resendInTransaction(
      tx,
      queue,
      sql`x.destination_id = ${destinationId} and ${inOrganisation(organisationId)}
        and x.status = 'FAILED' and x.created_at > ${RECENT}`,
    );
    await onResent(tx, { destinationId, resent: ids.length });
    return ids.length;
  });
}

/** A new Standard Webhooks message id: `msg_` and a random id, made once per delivery. */
export const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/**
 * A test delivery (`test = true`, no lead): the worker builds the sample payload from the flag and
 * delivers it like any other. Null when the destination is not the organisation's.
 */
export async function sendTestLead(
  db: Db,
  queue: JobQueue,
  organisationId: string,
  destinationId: number,
  onSent: AuditWrite,
): Promise<CrmDelivery | null> {
  return db.transaction(async (tx) => {
    if (!(await destinationExists(tx, organisationId, destinationId))) return null;
    const result = (await tx.execute(sql`
      insert into crm_deliveries (destination_id, lead_id, test, message_id, status, next_attempt_at)
      values (${destinationId}, null, true, ${newMessageId()}, 'PENDING', now())
      returning id`)) as unknown as { rows: { id: number }[] };
    const deliveryId = result.rows[0]!.id;
    await sendCrmDelivery(tx, queue, { deliveryId, attempt: 1 });
    await onSent(tx, { destinationId, deliveryId });
    return findDelivery(tx, organisationId, deliveryId);
  });
}

type ProjectRow = {
  projectId: number;
  title: string;
  destinations: number;
  lastDeliveredAt: string | Date | null;
  failing: number;
};

/**
 * Spec §3 'CRM projects and details': every project of the organisation, the enabled destinations that
 * route it, when a lead of it last reached one, and its deliveries of the last 30 days still failing or
 * retrying. Test leads are left out: they are no project's leads.
 */
export async function crmProjects(db: Db, organisationId: string) {
  const result = (await db.execute(sql`
    select p.id as "projectId", p.title,
      (select count(*)::int from crm_destinations d
        where d.organisation_id = p.organisation_id and d.enabled
          and (d.all_projects or exists (
            select 1 from crm_destination_projects dp where dp.destination_id = d.id and dp.project_id = p.id
          ))) as destinations,
      stats."lastDeliveredAt", coalesce(stats.failing, 0) as failing
    from projects p
    left join lateral (
      select max(x.delivered_at) as "lastDeliveredAt",
        (count(*) filter (where x.status in ('FAILED', 'RETRYING') and x.created_at > ${RECENT}))::int as failing
      from leads l
      join crm_deliveries x on x.lead_id = l.id
      join crm_destinations d on d.id = x.destination_id and d.organisation_id = p.organisation_id
      where l.project_id = p.id
    ) stats on true
    where p.organisation_id = ${organisationId}
    order by p.title, p.id`)) as unknown as { rows: ProjectRow[] };
  return result.rows.map((row) => ({ ...row, lastDeliveredAt: iso(row.lastDeliveredAt) }));
}
