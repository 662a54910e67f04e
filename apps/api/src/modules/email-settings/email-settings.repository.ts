import type { EmailTemplateName, Tenant } from '@offplan/shared';
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import {
  emailTemplateOverrides,
  organization,
  projectLeadRecipients,
  projects,
  tenants,
  user,
} from '../../db/schema/index.ts';

/** /email-settings (decision 034): the tenant's template overrides, senders and the projects picker. */

type Along = (tx: Db) => Promise<void>;

/** A tenant's edited templates, by name (read with its branding for every email). */
export async function templateOverridesOf(db: Db, tenant: Tenant) {
  const rows = await db
    .select({
      name: emailTemplateOverrides.name,
      subject: emailTemplateOverrides.subject,
      body: emailTemplateOverrides.body,
    })
    .from(emailTemplateOverrides)
    .where(eq(emailTemplateOverrides.tenant, tenant));
  return Object.fromEntries(
    rows.map((row) => [row.name, { subject: row.subject, body: row.body }]),
  ) as Partial<Record<EmailTemplateName, { subject: string; body: string }>>;
}

/** Who changed each of a tenant's templates, and when. */
export async function templateChangesOf(db: Db, tenant: Tenant) {
  return db
    .select({
      name: emailTemplateOverrides.name,
      updatedAt: emailTemplateOverrides.updatedAt,
      updatedBy: user.name,
    })
    .from(emailTemplateOverrides)
    .leftJoin(user, eq(user.id, emailTemplateOverrides.updatedById))
    .where(eq(emailTemplateOverrides.tenant, tenant));
}

export async function saveTemplateOverride(
  db: Db,
  row: { tenant: Tenant; name: EmailTemplateName; subject: string; body: string; updatedById: string },
  alongWith: Along,
) {
  await db.transaction(async (tx) => {
    const values = { ...row, updatedAt: new Date() };
    await tx
      .insert(emailTemplateOverrides)
      .values(values)
      .onConflictDoUpdate({
        target: [emailTemplateOverrides.tenant, emailTemplateOverrides.name],
        set: {
          subject: row.subject,
          body: row.body,
          updatedById: row.updatedById,
          updatedAt: values.updatedAt,
        },
      });
    await alongWith(tx);
  });
}

/** Back to the default; whether there was an override to remove. */
export async function deleteTemplateOverride(
  db: Db,
  tenant: Tenant,
  name: EmailTemplateName,
  alongWith: Along,
) {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(emailTemplateOverrides)
      .where(and(eq(emailTemplateOverrides.tenant, tenant), eq(emailTemplateOverrides.name, name)))
      .returning({ name: emailTemplateOverrides.name });
    if (removed.length) await alongWith(tx);
    return removed.length > 0;
  });
}

/** The tenant row's From ('Name <address>'; null: the default). */
export async function senderOf(db: Db, tenant: Tenant): Promise<string | null> {
  const [row] = await db.select({ emailFrom: tenants.emailFrom }).from(tenants).where(eq(tenants.id, tenant));
  return row?.emailFrom ?? null;
}

export async function saveSender(db: Db, tenant: Tenant, emailFrom: string | null, alongWith: Along) {
  await db.transaction(async (tx) => {
    await tx.update(tenants).set({ emailFrom }).where(eq(tenants.id, tenant));
    await alongWith(tx);
  });
}

export const RECIPIENT_PROJECTS_LIMIT = 50;

/** Projects for the recipients picker: title or organisation matching `q`, with how many recipients they name. */
export async function projectsForRecipients(db: Db, q: string | undefined) {
  const pattern = q ? containsPattern(q) : null;
  return db
    .select({
      id: projects.id,
      title: projects.title,
      organisationName: organization.name,
      recipients: count(projectLeadRecipients.email),
    })
    .from(projects)
    .leftJoin(organization, eq(organization.id, projects.organisationId))
    .leftJoin(projectLeadRecipients, eq(projectLeadRecipients.projectId, projects.id))
    .where(pattern ? or(ilike(projects.title, pattern), ilike(organization.name, pattern)) : undefined)
    .groupBy(projects.id, organization.name)
    .orderBy(asc(projects.title), asc(projects.id))
    .limit(RECIPIENT_PROJECTS_LIMIT);
}

export async function projectForRecipients(db: Db, id: number) {
  const [row] = await db
    .select({ id: projects.id, title: projects.title, organisationId: projects.organisationId })
    .from(projects)
    .where(eq(projects.id, id));
  return row ?? null;
}
