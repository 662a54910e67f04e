import {
  hasPermission,
  isPlatformAdmin,
  type OrganisationRole,
  type Permission,
  type PermissionSubject,
} from '@offplan/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { member } from '../db/schema/index.ts';

type PermissionUser = { id: string; role?: string | null; jobRoleId?: number | null };

/**
 * Who a user is as far as permissions go: platform role, the role in their oldest organisation, and
 * job role (design §1). The one place the server reads these for a permission check.
 */
export async function permissionSubjectOf(
  db: Db,
  user: PermissionUser,
  /** The role as the session reader read it with the session (`c.get('organisationRole')`), if it did. */
  knownOrganisationRole?: OrganisationRole | null,
): Promise<PermissionSubject> {
  const isAdmin = isPlatformAdmin(user);
  if (knownOrganisationRole !== undefined) {
    return {
      isAdmin,
      jobRoleId: user.jobRoleId ?? null,
      organisationRole: isAdmin ? null : knownOrganisationRole,
    };
  }
  const [membership] = isAdmin
    ? []
    : await db
        .select({ role: member.role })
        .from(member)
        .where(eq(member.userId, user.id))
        .orderBy(asc(member.createdAt))
        .limit(1);
  return {
    isAdmin,
    jobRoleId: user.jobRoleId ?? null,
    organisationRole: (membership?.role ?? null) as OrganisationRole | null,
  };
}

/** The one server check of a permission: the table in packages/shared permissions.ts decides. */
export async function userCan(
  db: Db,
  user: PermissionUser,
  permission: Permission,
  knownOrganisationRole?: OrganisationRole | null,
): Promise<boolean> {
  return hasPermission(await permissionSubjectOf(db, user, knownOrganisationRole), permission);
}
