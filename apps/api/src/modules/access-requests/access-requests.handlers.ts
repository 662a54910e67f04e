import { APPROVAL, isPlatformAdmin } from '@offplan/shared';
import type { Context } from 'hono';
import { audit } from '../../lib/audit.ts';
import type { AppEnv } from '../../lib/context.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import type { SignedInEnv } from '../../middlewares/guards.ts';
import { loadViewer } from '../projects/project-access.ts';
import { findVisibleProject } from '../projects/projects.repository.ts';
import { announceDecision, announceNewRequest } from './access-request-messages.ts';
import {
  type AlreadyDecided,
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

export const accessRequestsRouter = createRouter();

/** A handler's context once its guard proved the user (middlewares/guards.ts). */
// biome-ignore lint/suspicious/noExplicitAny: serves every route, whatever its path and input.
type SignedInContext = Context<SignedInEnv & AppEnv, any, any>;

/**
 * audit() takes the request context as the app declares it; a guard only narrowed `user` and `session`
 * to not-null, which TypeScript cannot see through (a context's `set` makes it invariant).
 */
const auditIn = (c: SignedInContext, entry: Parameters<typeof audit>[1], tx: Parameters<typeof audit>[2]) =>
  audit(c as unknown as Context<AppEnv>, entry, tx);

const decidedAlready = ({ decided }: AlreadyDecided) => conflict(`This request has already been ${decided}.`);

/**
 * Makes a pending request for the signed-in (non-admin) user and tells whoever decides it. Shared by
 * POST /api/v1/projects/request and a claim on a project another organisation owns (design §2).
 */
export async function requestAccess(c: SignedInContext, projectId: number) {
  const { db } = c.get('deps').database;
  const user = c.get('user');
  const viewer = await loadViewer(db, user);
  const project = await findVisibleProject(db, viewer, projectId);
  if (!project) throw notFound('No such project.');
  const row = await createAccessRequest(db, user.id, projectId, (tx, created) =>
    auditIn(
      c,
      {
        action: 'project.access_request',
        targetType: 'project',
        targetId: String(projectId),
        data: { requestId: created.id },
      },
      tx,
    ),
  );
  if (row === 'member') throw conflict('You already have access to this project.');
  if (row === 'waiting') throw conflict('You have already requested access to this project.');
  await announceNewRequest(c.get('deps'), project, { id: user.id, name: user.name, email: user.email });
  return row;
}

accessRequestsRouter.openapi(postProjectAccessRequest, async (c) => {
  const body = c.req.valid('json');
  const row = await requestAccess(c, body.drupal_project_id);
  return c.json({ data: { ...toPending(row), status: row.status } }, 201);
});

accessRequestsRouter.openapi(getPendingAccessRequests, async (c) => {
  const { userId } = c.req.valid('param');
  const user = c.get('user');
  if (userId !== user.id && !isPlatformAdmin(user)) {
    throw forbidden('You can only see your own access requests.');
  }
  return c.json({ data: await pendingRequestsOf(c.get('deps').database.db, userId) }, 200);
});

accessRequestsRouter.openapi(postMemberUpdate, async (c) => {
  const { data } = c.req.valid('json');
  const { db } = c.get('deps').database;
  const userId = c.get('user').id;
  const result = await withdrawRequest(db, userId, data.id, (tx, withdrawn) =>
    auditIn(
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
  if (!result) throw notFound('You have no such access request.');
  if ('decided' in result) throw decidedAlready(result);
  return c.json({ success: true as const, data: { id: result.id, status: APPROVAL.WITHDRAWN } }, 200);
});

accessRequestsRouter.openapi(getAccessRequests, async (c) => {
  const { status } = c.req.valid('query');
  const { db } = c.get('deps').database;
  const viewer = await loadViewer(db, c.get('user'));
  if (!viewer.isAdmin && viewer.managedOrganisationIds.length === 0) {
    throw forbidden('Only organisation owners and admins decide access requests.');
  }
  return c.json({ items: await listAccessRequests(db, viewer, status) }, 200);
});

accessRequestsRouter.openapi(postAccessRequestDecision, async (c) => {
  const { id } = c.req.valid('param');
  const { decision, note } = c.req.valid('json');
  const { db } = c.get('deps').database;
  const viewer = await loadViewer(db, c.get('user'));
  const decided = await decideRequest(db, viewer, id, decision, note, (tx, request) =>
    auditIn(
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
  if (!decided) throw notFound('No such access request among those you decide.');
  if ('decided' in decided) throw decidedAlready(decided);
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
