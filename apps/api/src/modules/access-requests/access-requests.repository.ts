import {
  ACCESS_REQUEST_STATUS_BY_CODE,
  type AccessRequestItem,
  type AccessRequestStatus,
  APPROVAL,
  type PendingAccessRequest,
} from '@offplan/shared';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
import type { Viewer } from '../projects/project-access.ts';
import { projectSummaryColumns, toProjectSummary } from '../projects/project-summary.ts';

/** PostgreSQL unique_violation, however the driver wraps it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

export const toPending = (row: {
  id: number;
  projectId: number;
  createdAt: Date | string;
}): PendingAccessRequest => ({
  id: row.id,
  drupal_project_id: row.projectId,
  created_at: new Date(row.createdAt).toISOString(),
});

/** Done inside the change's transaction (its audit row): the change and its record commit together. */
type AlongWith<T> = (tx: Db, changed: T) => Promise<void>;

export type AccessRequestRow = typeof projectAccessRequests.$inferSelect;

/**
 * Makes a pending access request (design §2): 'member' when the user already is an approved member,
 * 'waiting' when a request of theirs already waits (the partial unique index settles two requests
 * racing each other).
 */
export async function createAccessRequest(
  db: Db,
  userId: string,
  projectId: number,
  alongWith: AlongWith<AccessRequestRow>,
): Promise<AccessRequestRow | 'member' | 'waiting'> {
  const [isMember] = await db
    .select({ one: sql`1` })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  if (isMember) return 'member';
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(projectAccessRequests)
        .values({ projectId, userId, status: APPROVAL.PENDING })
        .returning();
      await alongWith(tx, row!);
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'waiting';
    throw error;
  }
}

/** Spec §3 "Pending access request" rows of one user, newest first. */
export async function pendingRequestsOf(db: Db, userId: string): Promise<PendingAccessRequest[]> {
  const rows = await db
    .select({
      id: projectAccessRequests.id,
      projectId: projectAccessRequests.projectId,
      createdAt: projectAccessRequests.createdAt,
    })
    .from(projectAccessRequests)
    .where(and(eq(projectAccessRequests.userId, userId), eq(projectAccessRequests.status, APPROVAL.PENDING)))
    .orderBy(desc(projectAccessRequests.createdAt), desc(projectAccessRequests.id));
  return rows.map(toPending);
}

/** A request that is no longer pending, and what became of it. */
export type AlreadyDecided = { decided: AccessRequestStatus };

const alreadyDecided = (status: number): AlreadyDecided => ({
  decided: ACCESS_REQUEST_STATUS_BY_CODE[status] ?? 'pending',
});

/** Withdraws one of the user's own pending requests: null for others' (and unknown) ones. */
export async function withdrawRequest(
  db: Db,
  userId: string,
  requestId: number,
  alongWith: AlongWith<{ id: number; projectId: number }>,
): Promise<{ id: number; projectId: number; status: number } | AlreadyDecided | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(projectAccessRequests)
      .where(and(eq(projectAccessRequests.id, requestId), eq(projectAccessRequests.userId, userId)))
      .for('update');
    if (!row) return null;
    if (row.status !== APPROVAL.PENDING) return alreadyDecided(row.status);
    await tx
      .update(projectAccessRequests)
      .set({ status: APPROVAL.WITHDRAWN, decidedById: userId, decidedAt: new Date() })
      .where(eq(projectAccessRequests.id, requestId));
    await alongWith(tx, row);
    return { id: row.id, projectId: row.projectId, status: APPROVAL.WITHDRAWN };
  });
}

const STATUS_CODES: Record<AccessRequestStatus, number> = {
  pending: APPROVAL.PENDING,
  approved: APPROVAL.APPROVED,
  declined: APPROVAL.DECLINED,
  withdrawn: APPROVAL.WITHDRAWN,
};

/** Most rows one list answers (the page shows what waits; history beyond this is in the audit log). */
export const ACCESS_REQUEST_LIST_MAX = 500;

const requester = alias(user, 'requester');
const decider = alias(user, 'decider');

/**
 * Requests the viewer decides: every one for platform admins, those on projects of organisations the
 * viewer owns or administers for the others (the caller refuses everyone else before this).
 */
export async function listAccessRequests(
  db: Db,
  viewer: Viewer,
  status: AccessRequestStatus,
  onlyId?: number,
): Promise<AccessRequestItem[]> {
  const conditions: (SQL | undefined)[] = [
    onlyId !== undefined
      ? eq(projectAccessRequests.id, onlyId)
      : eq(projectAccessRequests.status, STATUS_CODES[status]),
  ];
  if (!viewer.isAdmin) conditions.push(inArray(projects.organisationId, viewer.managedOrganisationIds));
  const rows = await db
    .select({
      ...projectSummaryColumns,
      organisationId: projects.organisationId,
      requestId: projectAccessRequests.id,
      status: projectAccessRequests.status,
      requestedAt: projectAccessRequests.createdAt,
      decidedAt: projectAccessRequests.decidedAt,
      note: projectAccessRequests.note,
      requesterId: requester.id,
      requesterName: requester.name,
      requesterEmail: requester.email,
      deciderId: decider.id,
      deciderName: decider.name,
    })
    .from(projectAccessRequests)
    .innerJoin(projects, eq(projects.id, projectAccessRequests.projectId))
    .innerJoin(requester, eq(requester.id, projectAccessRequests.userId))
    .leftJoin(decider, eq(decider.id, projectAccessRequests.decidedById))
    .where(and(...conditions))
    .orderBy(desc(projectAccessRequests.createdAt), desc(projectAccessRequests.id))
    .limit(ACCESS_REQUEST_LIST_MAX);

  const requesterIds = [...new Set(rows.map((row) => row.requesterId))];
  const organisations = new Map<string, { id: string; name: string }>();
  if (requesterIds.length) {
    const memberships = await db
      .select({ userId: member.userId, id: organization.id, name: organization.name })
      .from(member)
      .innerJoin(organization, eq(organization.id, member.organizationId))
      .where(inArray(member.userId, requesterIds))
      .orderBy(asc(member.createdAt));
    for (const row of memberships) {
      if (!organisations.has(row.userId)) organisations.set(row.userId, { id: row.id, name: row.name });
    }
  }

  return rows.map((row) => {
    const {
      organisationId,
      requestId,
      status: code,
      requestedAt,
      decidedAt,
      note,
      requesterId,
      requesterName,
      requesterEmail,
      deciderId,
      deciderName,
      ...summary
    } = row;
    return {
      id: requestId,
      status: ACCESS_REQUEST_STATUS_BY_CODE[code] ?? 'pending',
      createdAt: requestedAt.toISOString(),
      decidedAt: decidedAt ? decidedAt.toISOString() : null,
      note,
      project: Object.assign(toProjectSummary(summary), { organisationId }),
      requester: {
        id: requesterId,
        name: requesterName,
        email: requesterEmail,
        organisation: organisations.get(requesterId) ?? null,
      },
      decidedBy: deciderId && deciderName ? { id: deciderId, name: deciderName } : null,
    };
  });
}

/** Whether the viewer decides requests on a project of this organisation (design §2). */
export function decides(viewer: Viewer, organisationId: string | null): boolean {
  return (
    viewer.isAdmin || (organisationId !== null && viewer.managedOrganisationIds.includes(organisationId))
  );
}

/**
 * Approves or declines a pending request. Approval makes the requester an approved project member
 * (and drops the now pointless recommendation). null for callers outside the project's organisation
 * management, as if the request did not exist.
 */
export async function decideRequest(
  db: Db,
  viewer: Viewer,
  requestId: number,
  decision: 'approve' | 'decline',
  note: string | undefined,
  alongWith: AlongWith<{ projectId: number; userId: string }>,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: projectAccessRequests.id,
        status: projectAccessRequests.status,
        userId: projectAccessRequests.userId,
        projectId: projectAccessRequests.projectId,
        organisationId: projects.organisationId,
        title: projects.title,
      })
      .from(projectAccessRequests)
      .innerJoin(projects, eq(projects.id, projectAccessRequests.projectId))
      .where(eq(projectAccessRequests.id, requestId))
      .for('update', { of: projectAccessRequests });
    if (!row || !decides(viewer, row.organisationId)) return null;
    if (row.status !== APPROVAL.PENDING) return alreadyDecided(row.status);
    const status = decision === 'approve' ? APPROVAL.APPROVED : APPROVAL.DECLINED;
    await tx
      .update(projectAccessRequests)
      .set({ status, note: note || null, decidedById: viewer.userId, decidedAt: new Date() })
      .where(eq(projectAccessRequests.id, requestId));
    if (status === APPROVAL.APPROVED) {
      await tx
        .insert(projectMembers)
        .values({ projectId: row.projectId, userId: row.userId })
        .onConflictDoNothing();
      await tx
        .delete(projectRecommendations)
        .where(
          and(
            eq(projectRecommendations.projectId, row.projectId),
            eq(projectRecommendations.userId, row.userId),
          ),
        );
    }
    await alongWith(tx, row);
    return { ...row, status };
  });
}

/** The owners and admins of an organisation (they hear of new requests on its projects). */
export async function organisationManagers(db: Db, organisationId: string) {
  return db
    .select({ id: member.userId })
    .from(member)
    .where(and(eq(member.organizationId, organisationId), inArray(member.role, ['owner', 'admin'])));
}

/** Platform admins (they hear of claims and of requests on unclaimed projects). */
export async function platformAdmins(db: Db) {
  return db
    .select({ id: user.id })
    .from(user)
    .where(sql`'admin' = any(string_to_array(replace(coalesce(${user.role}, ''), ' ', ''), ','))`);
}
