import { DEFAULT_RESPONSE_TARGET_MINUTES, type LeadResponseTarget } from '@offplan/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  leadDigestSubscriptions,
  member,
  organisationLeadSettings,
  projectLeadRecipients,
  projectMembers,
  projects,
  user,
} from '../../db/schema/index.ts';

/** Done inside the change's transaction (its audit row): the change and its record commit together. */
type AlongWith = (tx: Db) => Promise<void>;

/** Issue 16: without a row of its own, an organisation answers within 15 minutes of business hours. */
export const DEFAULT_RESPONSE_TARGET: LeadResponseTarget = {
  minutes: DEFAULT_RESPONSE_TARGET_MINUTES,
  businessHoursOnly: true,
};

/** An organisation's speed-to-lead target. */
export async function responseTargetOf(db: Db, organisationId: string): Promise<LeadResponseTarget> {
  const [row] = await db
    .select({
      minutes: organisationLeadSettings.responseTargetMinutes,
      businessHoursOnly: organisationLeadSettings.businessHoursOnly,
    })
    .from(organisationLeadSettings)
    .where(eq(organisationLeadSettings.organisationId, organisationId));
  return row ?? DEFAULT_RESPONSE_TARGET;
}

export async function saveResponseTarget(
  db: Db,
  organisationId: string,
  target: LeadResponseTarget,
  alongWith: AlongWith,
): Promise<LeadResponseTarget> {
  return db.transaction(async (tx) => {
    const values = {
      responseTargetMinutes: target.minutes,
      businessHoursOnly: target.businessHoursOnly,
      updatedAt: new Date(),
    };
    await tx
      .insert(organisationLeadSettings)
      .values({ organisationId, ...values })
      .onConflictDoUpdate({ target: organisationLeadSettings.organisationId, set: values });
    await alongWith(tx);
    return target;
  });
}

/** A project as far as its lead recipients go: its organisation, and whether the user is an approved member. */
export async function recipientsProjectOf(db: Db, projectId: number, userId: string) {
  const [row] = await db
    .select({ id: projects.id, organisationId: projects.organisationId })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!row) return null;
  const [membership] = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  return { ...row, isMember: Boolean(membership) };
}

/**
 * Who gets a project's new-lead emails when it names nobody (issue 16 item 7): its organisation's
 * owners and its approved members, each email once.
 */
export async function defaultLeadRecipients(
  db: Db,
  project: { id: number; organisationId: string | null },
): Promise<string[]> {
  const members = await db
    .select({ email: user.email })
    .from(projectMembers)
    .innerJoin(user, eq(user.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, project.id));
  const owners = project.organisationId
    ? await db
        .select({ email: user.email })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(and(eq(member.organizationId, project.organisationId), inArray(member.role, ['owner'])))
    : [];
  return [...new Set([...owners, ...members].map((row) => row.email.toLowerCase()))].sort();
}

/** A project's own recipients (empty: the defaults) and the defaults, for the settings page. */
export async function leadRecipientsOf(db: Db, project: { id: number; organisationId: string | null }) {
  const [rows, defaults] = await Promise.all([
    db
      .select({ email: projectLeadRecipients.email })
      .from(projectLeadRecipients)
      .where(eq(projectLeadRecipients.projectId, project.id))
      .orderBy(asc(projectLeadRecipients.email)),
    defaultLeadRecipients(db, project),
  ]);
  return { emails: rows.map((row) => row.email), defaults };
}

/** Replaces a project's recipients (an empty list goes back to the defaults). */
export async function saveLeadRecipients(
  db: Db,
  projectId: number,
  emails: string[],
  alongWith: AlongWith,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(projectLeadRecipients).where(eq(projectLeadRecipients.projectId, projectId));
    const unique = [...new Set(emails)];
    if (unique.length) {
      await tx.insert(projectLeadRecipients).values(unique.map((email) => ({ projectId, email })));
    }
    await alongWith(tx);
  });
}

/** Whether the user chose the daily lead digest. */
export async function digestChosenBy(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: leadDigestSubscriptions.userId })
    .from(leadDigestSubscriptions)
    .where(eq(leadDigestSubscriptions.userId, userId));
  return Boolean(row);
}

export async function saveDigestChoice(
  db: Db,
  userId: string,
  dailyDigest: boolean,
  alongWith: AlongWith,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (dailyDigest) await tx.insert(leadDigestSubscriptions).values({ userId }).onConflictDoNothing();
    else await tx.delete(leadDigestSubscriptions).where(eq(leadDigestSubscriptions.userId, userId));
    await alongWith(tx);
  });
}
