import type { AdminUserDetail, AdminUserRow } from '@offplan/shared';
import { isPlatformAdmin } from '@offplan/shared';
import { and, count, desc, eq, gt, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { auditLog, member, organization, session, user } from '../../db/schema/index.ts';
import { impersonationRefusal } from '../auth/impersonation.plugin.ts';

/** A user's first organisation (the portal has one per user in practice). */
const firstOrganisation = {
  id: sql<
    string | null
  >`(select m.organization_id from member m where m.user_id = ${user.id} order by m.created_at limit 1)`,
};

function toRow(row: {
  id: string;
  name: string;
  email: string;
  role: string | null;
  emailVerified: boolean;
  banned: boolean | null;
  jobRoleId: number | null;
  createdAt: Date;
  organisationId: string | null;
  organisationName: string | null;
}): AdminUserRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    isAdmin: isPlatformAdmin(row),
    emailVerified: row.emailVerified,
    banned: row.banned ?? false,
    jobRoleId: row.jobRoleId,
    organisation:
      row.organisationId && row.organisationName
        ? { id: row.organisationId, name: row.organisationName }
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}

const rowColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  emailVerified: user.emailVerified,
  banned: user.banned,
  jobRoleId: user.jobRoleId,
  createdAt: user.createdAt,
  organisationId: organization.id,
  organisationName: organization.name,
};

/** Users matching `q` in name, email or organisation name; newest first. */
export async function searchUsers(db: Db, query: { q?: string | undefined; page: number; perPage: number }) {
  const organisationOfUser = eq(organization.id, firstOrganisation.id);
  const pattern = query.q ? containsPattern(query.q) : undefined;
  const where = pattern
    ? or(ilike(user.name, pattern), ilike(user.email, pattern), ilike(organization.name, pattern))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(user)
      .leftJoin(organization, organisationOfUser)
      .where(where)
      .orderBy(desc(user.createdAt), user.id)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ value: count() }).from(user).leftJoin(organization, organisationOfUser).where(where),
  ]);
  return { items: rows.map(toRow), total: total?.value ?? 0, page: query.page, perPage: query.perPage };
}

export async function getUserDetail(
  db: Db,
  userId: string,
  adminId: string,
): Promise<AdminUserDetail | null> {
  const [row] = await db
    .select({
      ...rowColumns,
      firstName: user.firstName,
      lastName: user.lastName,
      title: user.title,
      image: user.image,
      phoneNumber: user.phoneNumber,
      phoneNumberVerified: user.phoneNumberVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      impersonationOptOut: user.impersonationOptOut,
      banReason: user.banReason,
      termsAcceptedAt: user.termsAcceptedAt,
      organisationRole: member.role,
    })
    .from(user)
    .leftJoin(organization, eq(organization.id, firstOrganisation.id))
    .leftJoin(member, and(eq(member.userId, user.id), eq(member.organizationId, organization.id)))
    .where(eq(user.id, userId));
  if (!row) return null;
  const [sessions] = await db
    .select({ value: count() })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())));
  return {
    ...toRow(row),
    firstName: row.firstName,
    lastName: row.lastName,
    title: row.title,
    image: row.image,
    phoneNumber: row.phoneNumber,
    phoneNumberVerified: row.phoneNumberVerified ?? false,
    twoFactorEnabled: row.twoFactorEnabled ?? false,
    impersonationOptOut: row.impersonationOptOut ?? false,
    banReason: row.banReason,
    termsAcceptedAt: row.termsAcceptedAt?.toISOString() ?? null,
    activeSessions: sessions?.value ?? 0,
    organisationRole: row.organisationRole,
    impersonationRefusal: impersonationRefusal(
      { id: row.id, role: row.role, impersonationOptOut: row.impersonationOptOut, banned: row.banned },
      adminId,
    ),
  };
}

/** Done inside the change's transaction (its audit row): the change and its record commit together. */
type AlongWith = (
  tx: Db,
  change: { before: Record<string, unknown>; after: Record<string, unknown> },
) => Promise<void>;

/** What the admin edit reads of a user before deciding: who they are and what may change. */
export async function editableUserOf(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      role: user.role,
      emailVerified: user.emailVerified,
      firstName: user.firstName,
      lastName: user.lastName,
      title: user.title,
      jobRoleId: user.jobRoleId,
    })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
}

export type UserEdit = { firstName: string; lastName: string; title?: string | null; jobRoleId?: number };

/**
 * Writes the fields that differ from what is stored, read under a row lock so two edits at once each
 * record what they really replaced. Returns the before/after of what changed (empty when nothing did),
 * or null when the user is gone.
 */
export async function updateUserProfile(db: Db, userId: string, edit: UserEdit, alongWith: AlongWith) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        firstName: user.firstName,
        lastName: user.lastName,
        title: user.title,
        jobRoleId: user.jobRoleId,
      })
      .from(user)
      .where(eq(user.id, userId))
      .for('update');
    if (!current) return null;
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const key of Object.keys(edit) as (keyof UserEdit)[]) {
      if (edit[key] === undefined || edit[key] === current[key]) continue;
      before[key] = current[key];
      after[key] = edit[key];
    }
    if (Object.keys(after).length === 0) return { before, after };
    const firstName = edit.firstName;
    const lastName = edit.lastName;
    await tx
      .update(user)
      .set({ ...after, name: `${firstName} ${lastName}`.trim(), updatedAt: new Date() })
      .where(eq(user.id, userId));
    await alongWith(tx, { before, after });
    return { before, after };
  });
}

/** Marks the email verified in the statement that checks it was not: two admins at once verify it once. */
export async function markEmailVerified(db: Db, userId: string, alongWith: AlongWith) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(user)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(and(eq(user.id, userId), eq(user.emailVerified, false)))
      .returning({ id: user.id });
    if (!rows.length) return false;
    await alongWith(tx, { before: { emailVerified: false }, after: { emailVerified: true } });
    return true;
  });
}

/** Names and emails of people by id (who acted as a user, who wrote an audit entry). */
export async function peopleByIds(db: Db, ids: string[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map<string, { id: string; name: string; email: string }>();
  const rows = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(inArray(user.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The newest audit entries about the user (as the target) or made by them (as actor or acted-as). */
export async function auditEntriesOf(db: Db, userId: string, limit: number) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actorUserId: auditLog.actorUserId,
      actingAsUserId: auditLog.actingAsUserId,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      data: auditLog.data,
    })
    .from(auditLog)
    .where(
      or(
        and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId)),
        eq(auditLog.actorUserId, userId),
        eq(auditLog.actingAsUserId, userId),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}
