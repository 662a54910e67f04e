import {
  ADMIN_ORGANISATIONS_LIMIT,
  ERROR_CODES,
  isPlatformAdmin,
  ORGANISATION_JOIN_MESSAGES as MESSAGES,
} from '@offplan/shared';
import type { Context } from 'hono';
import { audit } from '../../lib/audit.ts';
import { brandingSourceOf, tenantBranding } from '../../lib/branding.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import type { SignedInEnv } from '../../middlewares/guards.ts';
import { refreshRecommendationsOf } from '../projects/recommendations.repository.ts';
import type { JoinMessenger } from './organisation-joins.messages.ts';
import {
  type AlongWith,
  createOrganisation,
  decideJoinRequest,
  moveUser,
  organisationIdOf,
  pendingJoinRequests,
  searchOrganisations,
} from './organisation-joins.repository.ts';
import {
  getAdminOrganisations,
  getOrganisationJoinRequests,
  postAdminOrganisation,
  postOrganisationJoinRequestDecision,
  putAdminUserOrganisation,
} from './organisation-joins.routes.ts';

/** Join requests made at registration, and admins creating organisations and moving users (/api/organisation/join-requests, /api/admin/organisations). (decision 030). */
export const organisationJoinsRouter = createRouter();

/** A handler's context once its guard proved the user (middlewares/guards.ts). */
// biome-ignore lint/suspicious/noExplicitAny: serves every route, whatever its path and input.
type SignedInContext = Context<SignedInEnv & AppEnv, any, any>;

const depsOf = (c: SignedInContext) => c.get('deps');
const dbOf = (c: SignedInContext) => depsOf(c).database.db;

/** The caller's organisation (their oldest membership). */
async function organisationOf(c: SignedInContext): Promise<string> {
  const organisationId = await organisationIdOf(dbOf(c), c.get('user').id);
  if (!organisationId) throw forbidden(MESSAGES.noOrganisation);
  return organisationId;
}

/** Writes an audit row inside the repository's transaction. */
const auditIn =
  (c: SignedInContext, action: string, targetType: string, targetId: string): AlongWith =>
  (tx, data) =>
    audit(c as unknown as Context<AppEnv>, { action, targetType, targetId, data }, tx);

/** What the join-request messages need: the outbox and the branding of the request's tenant. */
export async function messengerOf(deps: AppEnv['Variables']['deps']): Promise<JoinMessenger> {
  return {
    outbox: deps.outbox,
    branding: await tenantBranding(brandingSourceOf(deps)),
    baseUrl: deps.settings.baseUrl,
  };
}

/** Recommendations follow memberships (issue 22 part 5); after the commit, never undoing it. */
async function refreshAfterMembershipChange(c: SignedInContext, userId: string) {
  try {
    await refreshRecommendationsOf(dbOf(c), { userId });
  } catch (error) {
    c.get('log').error({ err: error, userId }, 'recommendations not refreshed after a membership change');
  }
}

organisationJoinsRouter.openapi(getOrganisationJoinRequests, async (c) => {
  const organisationId = await organisationOf(c);
  return c.json({ items: await pendingJoinRequests(dbOf(c), organisationId) }, 200);
});

organisationJoinsRouter.openapi(postOrganisationJoinRequestDecision, async (c) => {
  const organisationId = await organisationOf(c);
  const { id } = c.req.valid('param');
  const approve = c.req.valid('json').decision === 'APPROVE';
  const result = await decideJoinRequest(
    dbOf(c),
    await messengerOf(depsOf(c)),
    { organisationId, requestId: id, deciderId: c.get('user').id, approve },
    auditIn(
      c,
      approve ? 'organisation.join.approve' : 'organisation.join.decline',
      'organisation_join_request',
      String(id),
    ),
  );
  if (result === 'not-found') throw notFound(MESSAGES.noSuchRequest);
  if (result === 'decided') throw conflict(MESSAGES.alreadyDecided);
  await refreshAfterMembershipChange(c, result.userId);
  return c.json({ id: result.id, status: result.status, organisation: result.organisation }, 200);
});

organisationJoinsRouter.openapi(getAdminOrganisations, async (c) => {
  const { q } = c.req.valid('query');
  return c.json(
    { items: await searchOrganisations(dbOf(c), q || undefined, ADMIN_ORGANISATIONS_LIMIT) },
    200,
  );
});

organisationJoinsRouter.openapi(postAdminOrganisation, async (c) => {
  const input = c.req.valid('json');
  const created = await createOrganisation(dbOf(c), input, (tx, data) =>
    audit(
      c as unknown as Context<AppEnv>,
      {
        action: 'organisation.create',
        targetType: 'organisation',
        targetId: String(data.organisationId),
        data,
      },
      tx,
    ),
  );
  if (created === 'taken') {
    throw new AppError(409, ERROR_CODES.conflict, MESSAGES.nameTaken, { name: MESSAGES.nameTaken });
  }
  return c.json(created, 201);
});

organisationJoinsRouter.openapi(putAdminUserOrganisation, async (c) => {
  const { userId } = c.req.valid('param');
  const { organisationId, role } = c.req.valid('json');
  const result = await moveUser(
    dbOf(c),
    { userId, organisationId, role, adminId: c.get('user').id },
    isPlatformAdmin,
    auditIn(c, 'organisation.member.move', 'user', userId),
  );
  if (result === 'no-user') throw notFound(MESSAGES.noSuchUser);
  if (result === 'no-organisation') throw notFound(MESSAGES.noSuchOrganisation);
  if (result === 'admin') throw new AppError(400, ERROR_CODES.validation, MESSAGES.notForAdmins);
  if (result === 'last-owner') throw conflict(MESSAGES.lastOwner);
  await refreshAfterMembershipChange(c, userId);
  return c.json({ userId, organisation: result.organisation, role: result.role }, 200);
});
