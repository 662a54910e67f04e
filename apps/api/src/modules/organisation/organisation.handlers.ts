import { ERROR_CODES, ORGANISATION_MESSAGES, type OrganisationRole } from '@offplan/shared';
import type { Context } from 'hono';
import { audit } from '../../lib/audit.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { userCan } from '../../lib/permissions.ts';
import { createRouter } from '../../lib/router.ts';
import type { SignedInEnv } from '../../middlewares/guards.ts';
import {
  changeMemberRole,
  listMembers,
  listProjects,
  logoOf,
  type MemberChange,
  type Membership,
  membershipOf,
  organisationDetails,
  removeMember,
  setLogo,
  updateDetails,
} from './organisation.repository.ts';
import {
  deleteOrganisationLogo,
  deleteOrganisationMember,
  getOrganisation,
  getOrganisationMembers,
  getOrganisationProjects,
  patchOrganisation,
  patchOrganisationMember,
  postOrganisationLogo,
} from './organisation.routes.ts';
import { checkedAddress } from './organisation-address.ts';
import { removeOrganisationLogo, storeOrganisationLogo } from './organisation-logo.ts';

/** The caller's organisation: details, logo, members and projects (/api/organisation). (decision 030). */
export const organisationRouter = createRouter();

/** A handler's context once its guard proved the user (middlewares/guards.ts). */
// biome-ignore lint/suspicious/noExplicitAny: serves every route, whatever its path and input.
type SignedInContext = Context<SignedInEnv & AppEnv, any, any>;
type Db = AppEnv['Variables']['deps']['database']['db'];

const dbOf = (c: SignedInContext) => c.get('deps').database.db;

/** The caller's membership, read now (not the session's kept role): a person without one has none to see. */
async function membershipFor(c: SignedInContext): Promise<Membership> {
  const membership = await membershipOf(dbOf(c), c.get('user').id);
  if (!membership) throw forbidden(ORGANISATION_MESSAGES.noOrganisation);
  return membership;
}

/** Whether the caller, acting through `membership`, may manage it: the sets in force decide (/roles). */
const canManage = (c: SignedInContext, membership: Membership) =>
  userCan(c.get('deps').database, c.get('user'), 'organisation.manage', membership.role);

/** Writes an audit row about the organisation inside the repository's transaction. */
const auditIn =
  (c: SignedInContext, organisationId: string, action: string) => (tx: Db, data: Record<string, unknown>) =>
    audit(
      c as unknown as Context<AppEnv>,
      { action, targetType: 'organisation', targetId: organisationId, data },
      tx,
    );

const fieldError = (field: string, message: string) =>
  new AppError(400, ERROR_CODES.validation, message, { [field]: message });

async function detailsAnswer(c: SignedInContext, membership: Membership) {
  const details = await organisationDetails(dbOf(c), membership.organisationId, {
    role: membership.role,
    canManage: await canManage(c, membership),
  });
  if (!details) throw forbidden(ORGANISATION_MESSAGES.noOrganisation);
  return details;
}

organisationRouter.openapi(getOrganisation, async (c) => {
  const membership = await membershipFor(c);
  return c.json(await detailsAnswer(c, membership), 200);
});

organisationRouter.openapi(patchOrganisation, async (c) => {
  const membership = await membershipFor(c);
  const update = c.req.valid('json');
  if (update.address) {
    const address = checkedAddress(update.address);
    if (!address) throw fieldError('address', ORGANISATION_MESSAGES.localityUnknown);
    update.address = address;
  }
  await updateDetails(dbOf(c), membership.organisationId, update, (tx, changed) =>
    auditIn(c, membership.organisationId, 'organisation.update')(tx, { changed }),
  );
  return c.json(await detailsAnswer(c, membership), 200);
});

organisationRouter.openapi(postOrganisationLogo, async (c) => {
  const membership = await membershipFor(c);
  const { file } = c.req.valid('form') as { file?: unknown };
  if (!(file instanceof File)) throw fieldError('file', ORGANISATION_MESSAGES.logoRequired);
  const { dataDir } = c.get('deps').settings;
  const logoUrl = await storeOrganisationLogo(dataDir, membership.organisationId, file);
  const previous = await logoOf(dbOf(c), membership.organisationId);
  await setLogo(dbOf(c), membership.organisationId, logoUrl, (tx) =>
    auditIn(c, membership.organisationId, 'organisation.logo_update')(tx, { logoUrl }),
  );
  await removeOrganisationLogo(dataDir, previous);
  return c.json({ logoUrl }, 200);
});

organisationRouter.openapi(deleteOrganisationLogo, async (c) => {
  const membership = await membershipFor(c);
  const previous = await logoOf(dbOf(c), membership.organisationId);
  await setLogo(dbOf(c), membership.organisationId, null, (tx) =>
    auditIn(c, membership.organisationId, 'organisation.logo_remove')(tx, {}),
  );
  await removeOrganisationLogo(c.get('deps').settings.dataDir, previous);
  return c.json({ logoUrl: null }, 200);
});

organisationRouter.openapi(getOrganisationMembers, async (c) => {
  const membership = await membershipFor(c);
  return c.json({ items: await listMembers(dbOf(c), membership.organisationId, c.get('user').id) }, 200);
});

type Refusal = 'ownerOnlyMakeOwner' | 'ownerOnlyChangeOwner' | 'lastOwner';

/**
 * Decision 030's member rules for a change by someone of `actorRole`: only an owner makes an owner or
 * changes or removes one; the last owner is never demoted or removed.
 */
const refusalFor =
  (actorRole: OrganisationRole, newRole: OrganisationRole | 'removed') =>
  ({ targetRole, ownerCount }: MemberChange): Refusal | null => {
    if (targetRole === newRole) return null;
    if (newRole === 'owner' && actorRole !== 'owner') return 'ownerOnlyMakeOwner';
    if (targetRole === 'owner' && actorRole !== 'owner') return 'ownerOnlyChangeOwner';
    if (targetRole === 'owner' && ownerCount <= 1) return 'lastOwner';
    return null;
  };

function refused(outcome: Refusal | 'notFound'): AppError {
  if (outcome === 'notFound') return notFound(ORGANISATION_MESSAGES.noSuchMember);
  if (outcome === 'lastOwner') return conflict(ORGANISATION_MESSAGES.lastOwner);
  return forbidden(ORGANISATION_MESSAGES[outcome]);
}

organisationRouter.openapi(patchOrganisationMember, async (c) => {
  const membership = await membershipFor(c);
  const { memberId } = c.req.valid('param');
  const { role } = c.req.valid('json');
  const outcome = await changeMemberRole(
    dbOf(c),
    membership.organisationId,
    memberId,
    role,
    refusalFor(membership.role, role),
    (tx, previousRole) =>
      auditIn(c, membership.organisationId, 'organisation.member_role')(tx, { memberId, previousRole, role }),
    c.get('user').id,
  );
  if (typeof outcome === 'string') throw refused(outcome);
  return c.json(outcome, 200);
});

organisationRouter.openapi(deleteOrganisationMember, async (c) => {
  const membership = await membershipFor(c);
  const { memberId } = c.req.valid('param');
  const outcome = await removeMember(
    dbOf(c),
    membership.organisationId,
    memberId,
    refusalFor(membership.role, 'removed'),
    (tx, removed) =>
      auditIn(c, membership.organisationId, 'organisation.member_remove')(tx, { memberId, ...removed }),
  );
  if (outcome !== 'done') throw refused(outcome);
  return c.body(null, 204);
});

organisationRouter.openapi(getOrganisationProjects, async (c) => {
  const membership = await membershipFor(c);
  return c.json({ items: await listProjects(dbOf(c), membership.organisationId) }, 200);
});
