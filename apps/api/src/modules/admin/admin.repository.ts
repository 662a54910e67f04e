import type { AdminUserDetail, AdminUserRow } from '@offplan/shared';
import { isPlatformAdmin } from '@offplan/shared';
import { and, count, desc, eq, gt, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { member, organization, session, user } from '../../db/schema/index.ts';
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
