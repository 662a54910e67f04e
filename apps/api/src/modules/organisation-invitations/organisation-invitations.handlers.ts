import {
  ERROR_CODES,
  ORGANISATION_INVITATION_MESSAGES as MESSAGES,
  type PendingInvitation,
} from '@offplan/shared';
import type { Context } from 'hono';
import { audit } from '../../lib/audit.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import type { SignedInEnv } from '../../middlewares/guards.ts';
import { newInvitationLink, sendInvitationEmail } from '../invitations/invitation-mail.ts';
import {
  createOrganisationInvitation,
  type InvitationRefusal,
  type InvitationScope,
  listPendingInvitations,
  membershipOf,
  renewInvitation,
  revokeInvitation,
} from './organisation-invitations.repository.ts';
import {
  deleteOrganisationInvitation,
  deletePendingInvitation,
  getOrganisationInvitations,
  getPendingInvitations,
  postOrganisationInvitation,
  postOrganisationInvitationResend,
  postPendingInvitationResend,
} from './organisation-invitations.routes.ts';

/** Invitations to an organisation, and the admins' list of every pending one (/api/organisation/invitations, /api/admin/pending-invitations). (decision 030). */
export const organisationInvitationsRouter = createRouter();

/** A handler's context once its guard proved the user (middlewares/guards.ts). */
// biome-ignore lint/suspicious/noExplicitAny: serves every route, whatever its path and input.
type SignedInContext = Context<SignedInEnv & AppEnv, any, any>;
type Db = AppEnv['Variables']['deps']['database']['db'];

const dbOf = (c: SignedInContext) => c.get('deps').database.db;

/** The caller's organisation and role there (their oldest membership); without one there is nothing to see. */
async function membershipOfCaller(c: SignedInContext) {
  const membership = await membershipOf(dbOf(c), c.get('user').id);
  if (!membership) throw forbidden('You are not a member of an organisation');
  return membership;
}

/** Writes an audit row inside the repository's transaction. */
const auditIn = (c: SignedInContext, action: string) => (tx: Db, invitation: PendingInvitation) =>
  audit(
    c as unknown as Context<AppEnv>,
    {
      action,
      targetType: 'invitation',
      targetId: invitation.id,
      data: { email: invitation.email, role: invitation.role, organisationId: invitation.organisationId },
    },
    tx,
  );

const REFUSALS: Record<InvitationRefusal, string> = {
  alreadyMember: MESSAGES.alreadyMember,
  otherOrganisation: MESSAGES.otherOrganisation,
  accountExists: MESSAGES.accountExists,
  alreadyInvited: MESSAGES.alreadyInvited,
};

/** The refusal as a 409 naming the email field, so the form shows it there. */
const refused = (refusal: InvitationRefusal) =>
  new AppError(
    409,
    refusal === 'accountExists' ? ERROR_CODES.accountExists : ERROR_CODES.conflict,
    REFUSALS[refusal],
    { email: REFUSALS[refusal] },
  );

/** Gives the invitation a new link, emails it, and answers it; 404 when the scope has no such open one. */
async function resend(c: SignedInContext, scope: InvitationScope, id: string) {
  const { token, ...link } = newInvitationLink();
  const invitation = await renewInvitation(dbOf(c), scope, id, link, auditIn(c, 'invitation.resend'));
  if (!invitation) throw notFound(MESSAGES.noSuchInvitation);
  await sendInvitationEmail(
    c.get('deps'),
    { ...invitation, inviterName: c.get('user').name, organisationName: invitation.organisationName },
    token,
  );
  return invitation;
}

async function revoke(c: SignedInContext, scope: InvitationScope, id: string) {
  if (!(await revokeInvitation(dbOf(c), scope, id, auditIn(c, 'invitation.revoke')))) {
    throw notFound(MESSAGES.noSuchInvitation);
  }
}

/** What the organisation page shows of an invitation (the admins' fields left out). */
const forOrganisation = ({
  organisationId: _id,
  organisationName: _name,
  ...invitation
}: PendingInvitation) => invitation;

organisationInvitationsRouter.openapi(getOrganisationInvitations, async (c) => {
  const { organisationId } = await membershipOfCaller(c);
  const items = await listPendingInvitations(dbOf(c), { organisationId });
  return c.json({ items: items.map(forOrganisation) }, 200);
});

organisationInvitationsRouter.openapi(postOrganisationInvitation, async (c) => {
  const { organisationId, role: callerRole } = await membershipOfCaller(c);
  const input = c.req.valid('json');
  if (input.role === 'owner' && callerRole !== 'owner') throw forbidden(MESSAGES.ownerOnly);
  const { token, ...link } = newInvitationLink();
  const result = await createOrganisationInvitation(
    dbOf(c),
    { organisationId, ...input, invitedBy: c.get('user').id, ...link },
    (tx, id) =>
      audit(
        c as unknown as Context<AppEnv>,
        {
          action: 'invitation.create',
          targetType: 'invitation',
          targetId: id,
          data: { email: input.email, role: input.role, organisationId },
        },
        tx,
      ),
  );
  if (typeof result === 'string') throw refused(result);
  await sendInvitationEmail(
    c.get('deps'),
    { ...result, inviterName: c.get('user').name, organisationName: result.organisationName },
    token,
  );
  return c.json(forOrganisation(result), 201);
});

organisationInvitationsRouter.openapi(postOrganisationInvitationResend, async (c) => {
  const { organisationId } = await membershipOfCaller(c);
  return c.json(forOrganisation(await resend(c, { organisationId }, c.req.valid('param').id)), 200);
});

organisationInvitationsRouter.openapi(deleteOrganisationInvitation, async (c) => {
  const { organisationId } = await membershipOfCaller(c);
  await revoke(c, { organisationId }, c.req.valid('param').id);
  return c.body(null, 204);
});

organisationInvitationsRouter.openapi(getPendingInvitations, async (c) =>
  c.json({ items: await listPendingInvitations(dbOf(c), 'everyone') }, 200),
);

organisationInvitationsRouter.openapi(postPendingInvitationResend, async (c) =>
  c.json(await resend(c, 'everyone', c.req.valid('param').id), 200),
);

organisationInvitationsRouter.openapi(deletePendingInvitation, async (c) => {
  await revoke(c, 'everyone', c.req.valid('param').id);
  return c.body(null, 204);
});
