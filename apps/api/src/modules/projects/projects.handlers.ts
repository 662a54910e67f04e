import { APPROVAL, DB_ID_MAX, isPlatformAdmin, NO_NEW_ENQUIRY_SALES_STATUSES } from '@offplan/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  organization,
  projectAccessRequests,
  projectMembers,
  projectRecommendations,
  projects,
  user as userTable,
} from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import {
  loadSession,
  requireNonAdmin,
  requirePermission,
  requireSession,
} from '../../middlewares/session.ts';
import { announceClaim } from '../access-requests/access-request-messages.ts';
import { requestAccess } from '../access-requests/access-requests.handlers.ts';
import { conflict, toPending } from '../access-requests/access-requests.repository.ts';
import { loadViewer, onMarketplace, visibleTo } from './project-access.ts';
import {
  findVisibleProject,
  lookupProjects,
  organisationProjects,
  searchProjects,
} from './projects.repository.ts';
import {
  deleteRecommendation,
  getOrganisationProjects,
  getProjectLookup,
  postAssignRecommendation,
  postClaimProject,
  postProjectSearch,
} from './projects.routes.ts';

export const projectsRouter = createRouter();

/** Search and lookup need only who asks: their organisations are read inside the queries. */
const searchViewer = (user: { id: string; role?: string | null }) => ({
  userId: user.id,
  isAdmin: isPlatformAdmin(user),
});

projectsRouter.use(postProjectSearch.path, requireSession);
projectsRouter.openapi(postProjectSearch, async (c) => {
  const { db } = c.get('deps').database;
  return c.json(await searchProjects(db, searchViewer(c.get('user')!), c.req.valid('json')), 200);
});

projectsRouter.use(getProjectLookup.path, requireSession);
projectsRouter.openapi(getProjectLookup, async (c) => {
  const { q, limit } = c.req.valid('query');
  const { db } = c.get('deps').database;
  return c.json({ items: await lookupProjects(db, searchViewer(c.get('user')!), q, limit) }, 200);
});

projectsRouter.use(getOrganisationProjects.path, requireSession);
projectsRouter.openapi(getOrganisationProjects, async (c) => {
  const { organisationId } = c.req.valid('query');
  const { db } = c.get('deps').database;
  const viewer = await loadViewer(db, c.get('user')!);
  if (!viewer.isAdmin && !viewer.organisationIds.includes(organisationId)) {
    throw forbidden('Only members of that organisation can list its projects.');
  }
  if (viewer.isAdmin) {
    const [found] = await db
      .select({ id: organization.id })
      .from(organization)
      .where(eq(organization.id, organisationId));
    if (!found) throw notFound('No such organisation.');
  }
  return c.json(await organisationProjects(db, organisationId), 200);
});

projectsRouter.use(postClaimProject.path, requireNonAdmin, requirePermission('projects.claim'));
projectsRouter.openapi(postClaimProject, async (c) => {
  const { project_id: projectId } = c.req.valid('query');
  const body = c.req.valid('json');
  const { db } = c.get('deps').database;
  const user = c.get('user')!;
  const viewer = await loadViewer(db, user);
  const organisationId = viewer.organisationIds[0];
  if (!organisationId) {
    throw forbidden('Join or create an organisation before claiming a project.');
  }
  const named = typeof body.organisation === 'string' ? body.organisation : body.organisation?.id;
  if (named && named !== organisationId) {
    throw forbidden('You can only claim projects for your own organisation.');
  }
  const project = await findVisibleProject(db, viewer, projectId);
  if (!project) throw notFound('No such project.');

  // Owned by another organisation: the claim becomes an access request (design §2).
  if (project.organisationId && project.organisationId !== organisationId) {
    const row = await requestAccess(c, projectId);
    return c.json({ outcome: 'requested' as const, project_id: projectId, request: toPending(row) }, 200);
  }
  if (project.organisationId === organisationId) {
    throw conflict('This project already belongs to your organisation.');
  }

  const claimed = await db.transaction(async (tx) => {
    // Only an unclaimed row is taken: two organisations claiming at once cannot both win.
    const [taken] = await tx
      .update(projects)
      .set({ organisationId, updatedAt: new Date() })
      .where(and(eq(projects.id, projectId), sql`${projects.organisationId} is null`))
      .returning({ id: projects.id });
    if (!taken) return false;
    await tx.insert(projectMembers).values({ projectId, userId: user.id }).onConflictDoNothing();
    // It leaves recommendations: nobody is recommended a claimed project by the automatic rules.
    await tx
      .delete(projectRecommendations)
      .where(
        and(
          eq(projectRecommendations.projectId, projectId),
          inArray(projectRecommendations.source, ['name_match', 'domain_match']),
        ),
      );
    await tx
      .delete(projectRecommendations)
      .where(
        and(eq(projectRecommendations.projectId, projectId), eq(projectRecommendations.userId, user.id)),
      );
    // A request of the claimer for this project is settled by the claim.
    await tx
      .update(projectAccessRequests)
      .set({ status: APPROVAL.APPROVED, decidedById: user.id, decidedAt: new Date(), note: 'Claimed' })
      .where(
        and(
          eq(projectAccessRequests.projectId, projectId),
          eq(projectAccessRequests.userId, user.id),
          eq(projectAccessRequests.status, APPROVAL.PENDING),
        ),
      );
    await audit(
      c,
      {
        action: 'project.claim',
        targetType: 'project',
        targetId: String(projectId),
        data: { organisationId, ...(body.campaignType ? { campaignType: body.campaignType } : {}) },
      },
      tx,
    );
    return true;
  });
  if (!claimed) {
    // Someone claimed it a moment ago. A colleague of the same organisation: it is already ours (409).
    const [owner] = await db
      .select({ organisationId: projects.organisationId })
      .from(projects)
      .where(eq(projects.id, projectId));
    if (owner?.organisationId === organisationId) {
      throw conflict('This project already belongs to your organisation.');
    }
    // Another organisation: as for any owned project, ask them instead.
    const row = await requestAccess(c, projectId);
    return c.json({ outcome: 'requested' as const, project_id: projectId, request: toPending(row) }, 200);
  }
  const [org] = await db
    .select({ id: organization.id, name: organization.name })
    .from(organization)
    .where(eq(organization.id, organisationId));
  await announceClaim(
    c.get('deps'),
    { id: project.id, title: project.title, organisationId },
    { id: user.id, name: user.name, email: user.email },
    org!,
    body.campaignType,
  );
  return c.json({ outcome: 'claimed' as const, project_id: projectId, organisation: org! }, 200);
});

/** Hand-assigned recommendations are platform admins' (an admin acting as a user is that user, so refused). */
const requirePlatformAdmin = requirePermission('users.manage');

projectsRouter.use(postAssignRecommendation.path, requirePlatformAdmin);
projectsRouter.openapi(postAssignRecommendation, async (c) => {
  const { userId, projectId } = c.req.valid('json');
  const { db } = c.get('deps').database;
  const adminId = c.get('user')!.id;
  const [target] = await db
    .select({ id: userTable.id, role: userTable.role })
    .from(userTable)
    .where(eq(userTable.id, userId));
  if (!target || isPlatformAdmin(target)) throw notFound('No such portal user.');
  const [project] = await db
    .select({ id: projects.id, salesStatus: projects.salesStatus, stage: projects.stage })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) throw notFound('No such project.');
  if (NO_NEW_ENQUIRY_SALES_STATUSES.includes(project.salesStatus) || project.stage === 'NOT_PROCEEDING') {
    throw conflict('Hidden, sold-out and not-proceeding projects are never recommended.');
  }
  const [isMember] = await db
    .select({ one: sql`1` })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  if (isMember) throw conflict('This user already has the project.');
  await db.transaction(async (tx) => {
    await tx
      .insert(projectRecommendations)
      .values({ userId, projectId, source: 'admin', assignedById: adminId })
      .onConflictDoUpdate({
        target: [projectRecommendations.userId, projectRecommendations.projectId],
        set: { source: 'admin', assignedById: adminId },
      });
    await audit(
      c,
      { action: 'project.recommend', targetType: 'project', targetId: String(projectId), data: { userId } },
      tx,
    );
  });
  return c.json({ userId, projectId, source: 'admin' as const }, 201);
});

projectsRouter.use(deleteRecommendation.getRoutingPath(), requirePlatformAdmin);
projectsRouter.openapi(deleteRecommendation, async (c) => {
  const { userId, projectId } = c.req.valid('param');
  const { db } = c.get('deps').database;
  const removed = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(projectRecommendations)
      .where(
        and(
          eq(projectRecommendations.userId, userId),
          eq(projectRecommendations.projectId, projectId),
          eq(projectRecommendations.source, 'admin'),
        ),
      )
      .returning({ projectId: projectRecommendations.projectId });
    if (rows.length) {
      await audit(
        c,
        {
          action: 'project.unrecommend',
          targetType: 'project',
          targetId: String(projectId),
          data: { userId },
        },
        tx,
      );
    }
    return rows.length > 0;
  });
  if (!removed) throw notFound('No such hand-assigned recommendation.');
  return c.json({ success: true as const }, 200);
});

/**
 * Legacy `GET /projects/{id}` (spec §7): 301 to the web app's `/projects/{id}/summary` when the project
 * exists and the caller may find it (anonymous callers: on the marketplace), else 404. Only numeric ids:
 * `/projects/recommended`, `/projects/pending`, `/projects/new` stay web routes. Registered before the
 * web app's fallback (app.ts), and `/projects/{id}/summary` itself is not matched here.
 */
export const legacyProjectRouter = createRouter();
legacyProjectRouter.get('/projects/:id{[0-9]+}', loadSession, async (c) => {
  const id = Number(c.req.param('id'));
  if (!Number.isSafeInteger(id) || id > DB_ID_MAX) {
    throw notFound('No such project.');
  }
  const { db } = c.get('deps').database;
  const sessionUser = c.get('user');
  const visibility = sessionUser?.emailVerified
    ? visibleTo(db, await loadViewer(db, sessionUser))
    : onMarketplace;
  const [found] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, id), visibility));
  if (!found) {
    throw notFound('No such project.');
  }
  return c.redirect(`/projects/${found.id}/summary`, 301);
});
