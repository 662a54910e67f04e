import {
  APPROVAL,
  NO_NEW_ENQUIRY_SALES_STATUSES,
  type OrganisationRole,
  type UserProjectsOutput,
} from '@offplan/shared';
import { and, asc, desc, eq, gt, isNull, ne, notInArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  member,
  organization,
  projectAccessRequests,
  projectMembers,
  projectRecommendations,
  projects,
  session,
  user,
} from '../../db/schema/index.ts';
import { projectSummaryColumns, toProjectSummary } from '../projects/project-summary.ts';

/**
 * The account state of spec §3 for one portal user, read in four queries whatever their size; the
 * caller's permissions are the handler's to add (lib/permissions.ts).
 */
export async function getAccountState(
  db: Db,
  userId: string,
): Promise<Omit<UserProjectsOutput, 'permissions'>> {
  const ownProjectIds = db
    .select({ id: projectMembers.projectId })
    .from(projectMembers)
    .where(eq(projectMembers.userId, userId));

  const [ownRows, recommendedRows, requestRows, organisationRows] = await Promise.all([
    db
      .select(projectSummaryColumns)
      .from(projectMembers)
      .innerJoin(projects, eq(projects.id, projectMembers.projectId))
      .where(eq(projectMembers.userId, userId))
      .orderBy(desc(projects.updatedAt), asc(projects.id)),
    db
      .select(projectSummaryColumns)
      .from(projectRecommendations)
      .innerJoin(projects, eq(projects.id, projectRecommendations.projectId))
      .where(
        and(
          eq(projectRecommendations.userId, userId),
          // Design §2: listings closed to enquiries are never recommended.
          notInArray(projects.salesStatus, [...NO_NEW_ENQUIRY_SALES_STATUSES]),
          // Not-proceeding projects are off the marketplace (design §2).
          ne(projects.stage, 'NOT_PROCEEDING'),
          notInArray(projects.id, ownProjectIds),
        ),
      )
      .orderBy(desc(projects.updatedAt), asc(projects.id)),
    db
      .select({
        ...projectSummaryColumns,
        requestId: projectAccessRequests.id,
        requestedAt: projectAccessRequests.createdAt,
      })
      .from(projectAccessRequests)
      .innerJoin(projects, eq(projects.id, projectAccessRequests.projectId))
      .where(
        and(eq(projectAccessRequests.userId, userId), eq(projectAccessRequests.status, APPROVAL.PENDING)),
      )
      .orderBy(desc(projectAccessRequests.createdAt), asc(projectAccessRequests.id)),
    db
      .select({ id: organization.id, name: organization.name, role: member.role })
      .from(member)
      .innerJoin(organization, eq(organization.id, member.organizationId))
      .where(eq(member.userId, userId))
      .orderBy(asc(member.createdAt))
      .limit(1),
  ]);

  const ownProjects = ownRows.map(toProjectSummary);
  const recommendedProjects = recommendedRows.map(toProjectSummary);
  const projectRequests = requestRows.map(({ requestId, requestedAt, ...row }) => ({
    id: row.id,
    requestId,
    createdAt: requestedAt.toISOString(),
    project: toProjectSummary(row),
  }));

  return {
    projectIds: ownProjects.map((project) => project.id),
    recommendedProjectIds: recommendedProjects.map((project) => project.id),
    projectRequestsIds: projectRequests.map((request) => request.id),
    projects: ownProjects,
    recommendedProjects,
    projectRequests,
    organisation: organisationRows[0]
      ? { ...organisationRows[0], role: organisationRows[0].role as OrganisationRole }
      : null,
  };
}

/** Done inside the change's transaction (its audit row): the change and its record commit together. */
type AlongWith = (tx: Db) => Promise<void>;

export async function updateUserNames(
  db: Db,
  userId: string,
  names: { firstName: string; lastName: string; title?: string },
  alongWith: AlongWith,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({ ...names, name: `${names.firstName} ${names.lastName}`.trim(), updatedAt: new Date() })
      .where(eq(user.id, userId));
    await alongWith(tx);
  });
}

/**
 * The job role chosen once at /role (design §1, issue 15 finding 2): written only while the user has
 * none, in the same statement that checks it, so two choices at once cannot both land.
 */
export async function chooseFirstJobRole(
  db: Db,
  userId: string,
  roleId: number,
  alongWith: AlongWith,
): Promise<'chosen' | 'already-chosen'> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(user)
      .set({ jobRoleId: roleId, updatedAt: new Date() })
      .where(and(eq(user.id, userId), isNull(user.jobRoleId)))
      .returning({ id: user.id });
    if (!rows.length) return 'already-chosen';
    await alongWith(tx);
    return 'chosen';
  });
}

/** What deciding a change of someone's job role needs: who they are and whether the actor owns their organisation. */
export async function jobRoleTargetOf(db: Db, actorId: string, targetId: string) {
  const [target] = await db
    .select({ id: user.id, role: user.role, jobRoleId: user.jobRoleId })
    .from(user)
    .where(eq(user.id, targetId));
  if (!target) return null;
  const actorMembership = alias(member, 'actor_membership');
  const shared = await db
    .select({ organizationId: member.organizationId })
    .from(member)
    .innerJoin(
      actorMembership,
      and(
        eq(actorMembership.organizationId, member.organizationId),
        eq(actorMembership.userId, actorId),
        eq(actorMembership.role, 'owner'),
      ),
    )
    .where(eq(member.userId, targetId))
    .limit(1);
  return { ...target, ownedByActor: shared.length > 0 };
}

/** Sets a job role chosen by an organisation owner or a platform admin (the caller decided who may). */
export async function setJobRole(db: Db, userId: string, roleId: number, alongWith: AlongWith) {
  await db.transaction(async (tx) => {
    await tx.update(user).set({ jobRoleId: roleId, updatedAt: new Date() }).where(eq(user.id, userId));
    await alongWith(tx);
  });
}

export async function setImpersonationOptOut(db: Db, userId: string, optOut: boolean, alongWith: AlongWith) {
  await db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({ impersonationOptOut: optOut, updatedAt: new Date() })
      .where(eq(user.id, userId));
    await alongWith(tx);
  });
}

/** The user's sessions that have not expired, most recently used first. */
export async function activeSessionsOf(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(session.updatedAt);
  return rows.reverse();
}

/** Signs one of the user's own sessions out; false when they have no such session. */
export async function revokeOwnSession(
  db: Db,
  userId: string,
  sessionId: string,
  alongWith: AlongWith,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(session)
      .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
      .returning({ id: session.id });
    if (!rows.length) return false;
    await alongWith(tx);
    return true;
  });
}

/** The user's profile photo URL, or null. */
export async function profilePhotoOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ image: user.image }).from(user).where(eq(user.id, userId));
  return row?.image ?? null;
}

/** Replaces (or, with null, removes) the profile photo URL. */
export async function setProfilePhoto(db: Db, userId: string, image: string | null, alongWith: AlongWith) {
  await db.transaction(async (tx) => {
    await tx.update(user).set({ image, updatedAt: new Date() }).where(eq(user.id, userId));
    await alongWith(tx);
  });
}
