import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@offplan/shared';
import { audit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import { INVITATION_INVALID_MESSAGE } from '../auth/invitation.plugin.ts';
import { newInvitationLink, sendInvitationEmail } from './invitation-mail.ts';
import {
  emailHasAccount,
  insertInvitation,
  openInvitationPreview,
  organisationNameOf,
} from './invitations.repository.ts';
import { getInvitationPreview, postInvitation } from './invitations.routes.ts';

export const invitationsRouter = createRouter();

invitationsRouter.openapi(postInvitation, async (c) => {
  const body = c.req.valid('json');
  const email = body.email.trim().toLowerCase();
  const deps = c.get('deps');
  const { db } = deps.database;
  if (await emailHasAccount(db, email)) {
    throw new AppError(409, ERROR_CODES.accountExists, 'An account already exists for this email.', {
      email: 'An account already exists for this email.',
    });
  }
  const organisationName = body.organisationId ? await organisationNameOf(db, body.organisationId) : null;
  if (body.organisationId && organisationName === null) throw notFound('No such organisation.');
  const { token, tokenHash, expiresAt } = newInvitationLink();
  const invitation = {
    id: randomUUID(),
    email,
    firstName: body.firstName,
    lastName: body.lastName,
    organisationId: body.organisationId ?? null,
    tokenHash,
    invitedBy: c.get('user').id,
    expiresAt,
  };
  await insertInvitation(db, invitation, (tx) =>
    audit(
      c,
      { action: 'invitation.create', targetType: 'invitation', targetId: invitation.id, data: { email } },
      tx,
    ),
  );
  await sendInvitationEmail(
    deps,
    { email, firstName: body.firstName, inviterName: c.get('user').name, organisationName },
    token,
  );
  return c.json({ id: invitation.id, email, expiresAt: invitation.expiresAt.toISOString() }, 201);
});

invitationsRouter.openapi(getInvitationPreview, async (c) => {
  const preview = await openInvitationPreview(c.get('deps').database.db, c.req.valid('param').token);
  if (!preview) throw notFound(INVITATION_INVALID_MESSAGE);
  return c.json(preview, 200);
});
