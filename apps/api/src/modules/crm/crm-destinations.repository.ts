import { randomBytes } from 'node:crypto';
import {
  CRM_DESTINATIONS_MAX,
  type CrmDeliveryStatus,
  type CrmDestination,
  type CrmDestinationKind,
  WEBHOOK_SECRET_OVERLAP_HOURS,
} from '@offplan/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { crmDestinationProjects, crmDestinations, member } from '../../db/schema/index.ts';

/**
 * CRM destinations of one organisation (decision 029): every query is narrowed to the organisation, so
 * another organisation's id finds nothing (the handlers answer 404).
 */

/** The organisation a person acts for: their oldest membership, as permissionSubjectOf reads it. */
export async function organisationIdOf(db: Db, userId: string): Promise<string | null> {
  const [membership] = await db
    .select({ organisationId: member.organizationId })
    .from(member)
    .where(eq(member.userId, userId))
    .orderBy(asc(member.createdAt))
    .limit(1);
  return membership?.organisationId ?? null;
}

/** Standard Webhooks: `whsec_` + base64 of 24 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** What the page may show of a secret: never the secret, only enough to tell two apart. */
const secretHintOf = (secret: string | null) => (secret ? `whsec_…${secret.slice(-4)}` : null);

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

type DestinationRow = {
  id: number;
  name: string;
  kind: CrmDestinationKind;
  url: string | null;
  email: string | null;
  allProjects: boolean;
  projectIds: number[] | null;
  enabled: boolean;
  disabledReason: string | null;
  secret: string | null;
  previousSecretExpiresAt: string | Date | null;
  createdAt: string | Date;
  delivered: number;
  retrying: number;
  failed: number;
  pending: number;
  lastAt: string | Date | null;
  lastStatus: CrmDeliveryStatus | null;
};

const destinationOf = (row: DestinationRow): CrmDestination => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  url: row.url,
  email: row.email,
  allProjects: row.allProjects,
  projectIds: row.projectIds ?? [],
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  secretHint: secretHintOf(row.secret),
  previousSecretExpiresAt: iso(row.previousSecretExpiresAt),
  createdAt: iso(row.createdAt)!,
  recent: {
    delivered: row.delivered,
    retrying: row.retrying,
    failed: row.failed,
    pending: row.pending,
    lastAt: iso(row.lastAt),
    lastStatus: row.lastStatus,
  },
});

/** Destinations of the organisation (one when `id` is given) with their deliveries of the last 30 days. */
async function readDestinations(db: Db, organisationId: string, id?: number): Promise<CrmDestination[]> {
  const result = (await db.execute(sql`
    select d.id, d.name, d.kind::text as kind, d.url, d.email, d.all_projects as "allProjects",
      d.enabled, d.disabled_reason as "disabledReason", d.secret, d.created_at as "createdAt",
      case when d.previous_secret_expires_at > now() then d.previous_secret_expires_at end
        as "previousSecretExpiresAt",
      (select json_agg(dp.project_id order by dp.project_id) from crm_destination_projects dp
        where dp.destination_id = d.id) as "projectIds",
      coalesce(r.delivered, 0) as delivered, coalesce(r.retrying, 0) as retrying,
      coalesce(r.failed, 0) as failed, coalesce(r.pending, 0) as pending,
      latest.at as "lastAt", latest.status as "lastStatus"
    from crm_destinations d
    left join lateral (
      select count(*) filter (where x.status = 'DELIVERED')::int as delivered,
        count(*) filter (where x.status = 'RETRYING')::int as retrying,
        count(*) filter (where x.status = 'FAILED')::int as failed,
        count(*) filter (where x.status = 'PENDING')::int as pending
      from crm_deliveries x
      where x.destination_id = d.id and x.created_at > now() - interval '30 days'
    ) r on true
    left join lateral (
      select coalesce(x.last_attempt_at, x.created_at) as at, x.status::text as status
      from crm_deliveries x
      where x.destination_id = d.id and x.created_at > now() - interval '30 days'
      order by x.created_at desc, x.id desc
      limit 1
    ) latest on true
    where d.organisation_id = ${organisationId} ${id === undefined ? sql`` : sql`and d.id = ${id}`}
    order by d.created_at, d.id`)) as unknown as { rows: DestinationRow[] };
  return result.rows.map(destinationOf);
}

export const listDestinations = (db: Db, organisationId: string) => readDestinations(db, organisationId);

export async function findDestination(db: Db, organisationId: string, id: number) {
  return (await readDestinations(db, organisationId, id))[0] ?? null;
}

/** A destination as the handler checked it: the URL only for a webhook, the email only for email. */
export type DestinationToSave = {
  name: string;
  kind: CrmDestinationKind;
  url: string | null;
  email: string | null;
  allProjects: boolean;
  projectIds: number[];
  enabled: boolean;
};

type AuditWrite = (tx: Db, destination: CrmDestination) => Promise<void>;

/** Whether every chosen project is the organisation's (an empty choice is). */
async function ownsProjects(tx: Db, organisationId: string, projectIds: number[]) {
  if (projectIds.length === 0) return true;
  const result = (await tx.execute(sql`
    select count(*)::int as owned from projects
    where organisation_id = ${organisationId}
      and id in (${sql.join(
        projectIds.map((projectId) => sql`${projectId}`),
        sql`, `,
      )})`)) as unknown as { rows: { owned: number }[] };
  return result.rows[0]!.owned === projectIds.length;
}

async function replaceProjects(tx: Db, destinationId: number, projectIds: number[]) {
  await tx.delete(crmDestinationProjects).where(eq(crmDestinationProjects.destinationId, destinationId));
  if (projectIds.length > 0) {
    await tx
      .insert(crmDestinationProjects)
      .values(projectIds.map((projectId) => ({ destinationId, projectId })));
  }
}

/** Routing to all projects keeps no list; a chosen list is kept once per project. */
const chosenProjects = (input: DestinationToSave) =>
  input.allProjects ? [] : [...new Set(input.projectIds)];

export async function createDestination(
  db: Db,
  organisationId: string,
  createdBy: string,
  input: DestinationToSave,
  onCreated: AuditWrite,
): Promise<'tooMany' | 'projectNotOwned' | { destination: CrmDestination; secret: string | null }> {
  return db.transaction(async (tx) => {
    // Two owners adding at once must not pass the limit together: creations queue on the organisation.
    await tx.execute(sql`select id from organization where id = ${organisationId} for update`);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(crmDestinations)
      .where(eq(crmDestinations.organisationId, organisationId));
    if (count >= CRM_DESTINATIONS_MAX) return 'tooMany';
    const projectIds = chosenProjects(input);
    if (!(await ownsProjects(tx, organisationId, projectIds))) return 'projectNotOwned';
    const secret = input.kind === 'WEBHOOK' ? newWebhookSecret() : null;
    const [row] = await tx
      .insert(crmDestinations)
      .values({
        organisationId,
        name: input.name,
        kind: input.kind,
        url: input.url,
        email: input.email,
        allProjects: input.allProjects,
        enabled: input.enabled,
        secret,
        createdBy,
      })
      .returning({ id: crmDestinations.id });
    await replaceProjects(tx, row!.id, projectIds);
    const destination = (await findDestination(tx, organisationId, row!.id))!;
    await onCreated(tx, destination);
    return { destination, secret };
  });
}

export async function updateDestination(
  db: Db,
  organisationId: string,
  id: number,
  input: DestinationToSave,
  onUpdated: AuditWrite,
): Promise<'notFound' | 'kindChanged' | 'projectNotOwned' | CrmDestination> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ kind: crmDestinations.kind })
      .from(crmDestinations)
      .where(and(eq(crmDestinations.id, id), eq(crmDestinations.organisationId, organisationId)))
      .for('update');
    if (!current) return 'notFound';
    if (current.kind !== input.kind) return 'kindChanged';
    const projectIds = chosenProjects(input);
    if (!(await ownsProjects(tx, organisationId, projectIds))) return 'projectNotOwned';
    await tx
      .update(crmDestinations)
      .set({
        name: input.name,
        url: input.url,
        email: input.email,
        allProjects: input.allProjects,
        enabled: input.enabled,
        // The portal's reason stays while the destination stays off; enabling it (or turning it off by
        // hand) leaves no reason behind.
        disabledReason: input.enabled
          ? null
          : sql`case when ${crmDestinations.enabled} then null else ${crmDestinations.disabledReason} end`,
        updatedAt: new Date(),
      })
      .where(eq(crmDestinations.id, id));
    await replaceProjects(tx, id, projectIds);
    const destination = (await findDestination(tx, organisationId, id))!;
    await onUpdated(tx, destination);
    return destination;
  });
}

/** Removes a destination, its routing and its delivery log (the foreign keys cascade). */
export async function deleteDestination(
  db: Db,
  organisationId: string,
  id: number,
  onDeleted: AuditWrite,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const destination = await findDestination(tx, organisationId, id);
    if (!destination) return false;
    await tx.delete(crmDestinations).where(eq(crmDestinations.id, id));
    await onDeleted(tx, destination);
    return true;
  });
}

/**
 * A new secret; the one it replaces keeps signing for the overlap window, so receivers can switch
 * without dropping a delivery. Rotating twice within the window drops the oldest: only two sign.
 */
export async function rotateSecret(
  db: Db,
  organisationId: string,
  id: number,
  onRotated: AuditWrite,
): Promise<'notFound' | 'notWebhook' | { destination: CrmDestination; secret: string }> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ kind: crmDestinations.kind })
      .from(crmDestinations)
      .where(and(eq(crmDestinations.id, id), eq(crmDestinations.organisationId, organisationId)))
      .for('update');
    if (!current) return 'notFound';
    if (current.kind !== 'WEBHOOK') return 'notWebhook';
    const secret = newWebhookSecret();
    await tx
      .update(crmDestinations)
      .set({
        previousSecret: sql`${crmDestinations.secret}`,
        previousSecretExpiresAt: sql`now() + make_interval(hours => ${WEBHOOK_SECRET_OVERLAP_HOURS})`,
        secret,
        updatedAt: new Date(),
      })
      .where(eq(crmDestinations.id, id));
    const destination = (await findDestination(tx, organisationId, id))!;
    await onRotated(tx, destination);
    return { destination, secret };
  });
}
