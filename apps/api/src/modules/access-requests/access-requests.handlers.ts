import { APPROVAL, isPlatformAdmin } from '@offplan/shared';
import type { Context } from 'hono';
import { audit } from '../../lib/audit.ts';
import type { AppEnv } from '../../lib/context.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import { requireNonAdmin, requireSession } from '../../middlewares/session.ts';
import { loadViewer } from '../projects/project-access.ts';
import { findVisibleProject } from '../projects/projects.repository.ts';
import { announceDecision, announceNewRequest } from './access-request-messages.ts';
import {
  createAccessRequest,
  decideRequest,
  listAccessRequests,
  pendingRequestsOf,
  toPending,
  withdrawRequest,
} from './access-requests.repository.ts';
import {
  getAccessRequests,
  getPendingAccessRequests,
  postAccessRequestDecision,
  postMemberUpdate,
  postProjectAccessRequest,
} from './access-requests.routes.ts';
import { loadPortalToken } from './portal-token.ts';

export const accessRequestsRouter = createRouter();

/**
 * Makes a pending request for the signed-in (non-admin) user and tells whoever decides it. Shared by
 * POST /api/v1/projects/request and a claim on a project another organisation owns (design §2).
 */
export async function requestAccess(c: Context<AppEnv>, projectId: number) {
  const { db } = c.get('deps').database;
  const user = c.get('user')!;
  const viewer = await loadViewer(db, user);
  const project = await findVisibleProject(db, viewer, projectId);
  if (!project) throw notFound('No such project.');
  const row = await db.transaction(async (tx) => {
    const created = await createAccessRequest(tx, user.id, projectId);
    await audit(
      c,
      {
        action: 'project.access_request',
        targetType: 'project',
        targetId: String(projectId),
        data: { requestId: created.id },
      },
      tx,
    );
    return created;
  });
  await announceNewRequest(c.get('deps'), project, { id: user.id, name: user.name, email: user.email });
  return row;
}

accessRequestsRouter.use(postProjectAccessRequest.path, loadPortalToken, requireNonAdmin);
accessRequestsRouter.openapi(postProjectAccessRequest, async (c) => {
  const body = c.req.valid('json');
  const row = await requestAccess(c, body.drupal_project_id);
  return c.json({ data: { ...toPending(row), status: row.status } }, 201);
});

accessRequestsRouter.use(getPendingAccessRequests.getRoutingPath(), loadPortalToken, requireSession);
accessRequestsRouter.openapi(getPendingAccessRequests, async (c) => {
  const { userId } = c.req.valid('param');
  const user = c.get('user')!;
  if (userId !== user.id && !isPlatformAdmin(user)) {
    throw forbidden('You can only see your own access requests.');
  }
  return c.json({ data: await pendingRequestsOf(c.get('deps').database.db, userId) }, 200);
});

accessRequestsRouter.use(postMemberUpdate.path, requireSession);
accessRequestsRouter.openapi(postMemberUpdate, async (c) => {
  const { data } = c.req.valid('json');
  const { db } = c.get('deps').database;
  const userId = c.get('user')!.id;
  const result = await withdrawRequest(db, userId, data.id, (tx, withdrawn) =>
    audit(
      c,
      {
        action: 'project.access_request_withdraw',
        targetType: 'project',
        targetId: String(withdrawn.projectId),
        data: { requestId: withdrawn.id },
      },
      tx,
    ),
  );
  return c.json({ success: true as const, data: { id: result.id, status: APPROVAL.WITHDRAWN } }, 200);
});

accessRequestsRouter.use(getAccessRequests.path, requireSession);
accessRequestsRouter.openapi(getAccessRequests, async (c) => {
  const { status } = c.req.valid('query');
  const { db } = c.get('deps').database;
  const viewer = await loadViewer(db, c.get('user')!);
  if (!viewer.isAdmin && viewer.managedOrganisationIds.length === 0) {
    throw forbidden('Only organisation owners and admins decide access requests.');
  }
  return c.json({ items: await listAccessRequests(db, viewer, status) }, 200);
});

accessRequestsRouter.use(postAccessRequestDecision.getRoutingPath(), requireSession);
accessRequestsRouter.openapi(postAccessRequestDecision, async (c) => {
  const { id } = c.req.valid('param');
  const { decision, note } = c.req.valid('json');
  const { db } = c.get('deps').database;
  const viewer = await loadViewer(db, c.get('user')!);
  const decided = await decideRequest(db, viewer, id, decision, note, (tx, request) =>
    audit(
      c,
      {
        action: decision === 'approve' ? 'project.access_request_approve' : 'project.access_request_decline',
        targetType: 'project',
        targetId: String(request.projectId),
        data: { requestId: id, requesterId: request.userId, ...(note ? { note } : {}) },
      },
      tx,
    ),
  );
  await announceDecision(
    c.get('deps'),
    { id: decided.projectId, title: decided.title, organisationId: decided.organisationId },
    decided.userId,
    decided.status === APPROVAL.APPROVED,
    note,
  );
  const [request] = await listAccessRequests(db, viewer, 'pending', id);
  return c.json({ request: request! }, 200);
});
