import {
  APPROVAL,
  NO_NEW_ENQUIRY_SALES_STATUSES,
  type OrganisationRole,
  type UserProjectsOutput,
} from '@offplan/shared';
import { and, asc, desc, eq, ne, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  member,
  organization,
  projectAccessRequests,
  projectMembers,
  projectRecommendations,
  projects,
  user,
} from '../../db/schema/index.ts';
import { projectSummaryColumns, toProjectSummary } from '../projects/project-summary.ts';

/** The account state of spec §3 for one portal user, read in four queries whatever their size. */
export async function getAccountState(db: Db, userId: string): Promise<UserProjectsOutput> {
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

export async function updateUserNames(
  db: Db,
  userId: string,
  names: { firstName: string; lastName: string; title?: string },
) {
  await db
    .update(user)
    .set({ ...names, name: `${names.firstName} ${names.lastName}`.trim(), updatedAt: new Date() })
    .where(eq(user.id, userId));
}
