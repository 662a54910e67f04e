import { DB_ID_MAX, isPlatformAdmin } from '@offplan/shared';
import type { Context } from 'hono';
import { audit } from '../../lib/audit.ts';
import type { AppEnv } from '../../lib/context.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import type { SignedInEnv } from '../../middlewares/guards.ts';
import { loadSession } from '../../middlewares/session.ts';
import { announceClaim } from '../access-requests/access-request-messages.ts';
import { requestAccess } from '../access-requests/access-requests.handlers.ts';
import { toPending } from '../access-requests/access-requests.repository.ts';
import { loadViewer } from './project-access.ts';
import {
  claimProject,
  findableProjectId,
  findVisibleProject,
  lookupProjects,
  organisationExists,
  organisationNamed,
  organisationProjects,
  ownerOf,
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
import {
  assignRecommendation,
  findPortalUser,
  handRecommendationRefusal,
  removeHandRecommendation,
} from './recommendations.repository.ts';

export const projectsRouter = createRouter();

/** A handler's context once its guard proved the user (middlewares/guards.ts). */
// biome-ignore lint/suspicious/noExplicitAny: serves every route, whatever its path and input.
type SignedInContext = Context<SignedInEnv & AppEnv, any, any>;

/**
 * audit() takes the request context as the app declares it; a guard only narrowed `user` and `session`
 * to not-null, which TypeScript cannot see through (a context's `set` makes it invariant).
 */
const auditIn = (c: SignedInContext, entry: Parameters<typeof audit>[1], tx: Parameters<typeof audit>[2]) =>
  audit(c as unknown as Context<AppEnv>, entry, tx);

/**
 * Search and lookup need only who asks: their organisations are read inside the queries. `isAdmin` is
 * data of the viewer here (which SQL runs), not a permission check.
 */
const searchViewer = (user: { id: string; role?: string | null }) => ({
  userId: user.id,
  isAdmin: isPlatformAdmin(user),
});

projectsRouter.openapi(postProjectSearch, async (c) => {
  const { db } = c.get('deps').database;
  return c.json(await searchProjects(db, searchViewer(c.get('user')), c.req.valid('json')), 200);
});

projectsRouter.openapi(getProjectLookup, async (c) => {
  const { q, limit } = c.req.valid('query');
  const { db } = c.get('deps').database;
  return c.json({ items: await lookupProjects(db, searchViewer(c.get('user')), q, limit) }, 200);
});

projectsRouter.openapi(getOrganisationProjects, async (c) => {
  const { organisationId } = c.req.valid('query');
  const { db } = c.get('deps').database;
  const viewer = await loadViewer(db, c.get('user'));
  if (!viewer.isAdmin && !viewer.organisationIds.includes(organisationId)) {
    throw forbidden('Only members of that organisation can list its projects.');
  }
  if (viewer.isAdmin && !(await organisationExists(db, organisationId))) {
    throw notFound('No such organisation.');
  }
  return c.json(await organisationProjects(db, organisationId), 200);
});

/** The claim turned into an access request to the organisation that owns the project (design §2). */
async function requestedInstead(c: SignedInContext, projectId: number) {
  const row = await requestAccess(c, projectId);
  return { outcome: 'requested' as const, project_id: projectId, request: toPending(row) };
}

projectsRouter.openapi(postClaimProject, async (c) => {
  const { project_id: projectId } = c.req.valid('query');
  const body = c.req.valid('json');
  const { db } = c.get('deps').database;
  const user = c.get('user');
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
  if (project.organisationId === organisationId) {
    throw conflict('This project already belongs to your organisation.');
  }
  if (project.organisationId) return c.json(await requestedInstead(c, projectId), 200);

  const outcome = await claimProject(db, { projectId, organisationId, userId: user.id }, (tx) =>
    auditIn(
      c,
      {
        action: 'project.claim',
        targetType: 'project',
        targetId: String(projectId),
        data: { organisationId, ...(body.campaignType ? { campaignType: body.campaignType } : {}) },
      },
      tx,
    ),
  );
  if (outcome === 'taken') {
    // Someone claimed it a moment ago. A colleague of the same organisation: it is already ours (409).
    if ((await ownerOf(db, projectId)) === organisationId) {
      throw conflict('This project already belongs to your organisation.');
    }
    // Another organisation: as for any owned project, ask them instead.
    return c.json(await requestedInstead(c, projectId), 200);
  }
  const organisation = (await organisationNamed(db, organisationId))!;
  await announceClaim(
    c.get('deps'),
    { id: project.id, title: project.title, organisationId },
    { id: user.id, name: user.name, email: user.email },
    organisation,
    body.campaignType,
  );
  return c.json({ outcome: 'claimed' as const, project_id: projectId, organisation }, 200);
});

projectsRouter.openapi(postAssignRecommendation, async (c) => {
  const { userId, projectId } = c.req.valid('json');
  const { db } = c.get('deps').database;
  if (!(await findPortalUser(db, userId))) throw notFound('No such portal user.');
  const refusal = await handRecommendationRefusal(db, userId, projectId);
  if (refusal === 'missing') throw notFound('No such project.');
  if (refusal === 'closed') {
    throw conflict('Hidden, sold-out and not-proceeding projects are never recommended.');
  }
  if (refusal === 'member') throw conflict('This user already has the project.');
  await assignRecommendation(db, { userId, projectId, assignedById: c.get('user').id }, (tx) =>
    auditIn(
      c,
      { action: 'project.recommend', targetType: 'project', targetId: String(projectId), data: { userId } },
      tx,
    ),
  );
  return c.json({ userId, projectId, source: 'admin' as const }, 201);
});

projectsRouter.openapi(deleteRecommendation, async (c) => {
  const { userId, projectId } = c.req.valid('param');
  const { db } = c.get('deps').database;
  const removed = await removeHandRecommendation(db, userId, projectId, (tx) =>
    auditIn(
      c,
      { action: 'project.unrecommend', targetType: 'project', targetId: String(projectId), data: { userId } },
      tx,
    ),
  );
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
  const viewer = sessionUser?.emailVerified ? await loadViewer(db, sessionUser) : null;
  const found = await findableProjectId(db, id, viewer);
  if (!found) throw notFound('No such project.');
  return c.redirect(`/projects/${found}/summary`, 301);
});
