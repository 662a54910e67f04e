import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@offplan/shared';
import { audit } from '../../lib/audit.ts';
import { brandingSourceOf, tenantBranding } from '../../lib/branding.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { emailTemplates } from '../../lib/message-templates.ts';
import { createRouter } from '../../lib/router.ts';
import { INVITATION_INVALID_MESSAGE } from '../auth/invitation.plugin.ts';
import { newSecretToken } from '../auth/plugin-context.ts';
import {
  emailHasAccount,
  insertInvitation,
  openInvitationPreview,
  organisationNameOf,
} from './invitations.repository.ts';
import { getInvitationPreview, postInvitation } from './invitations.routes.ts';

export const INVITATION_DAYS = 7;

export const invitationsRouter = createRouter();

invitationsRouter.openapi(postInvitation, async (c) => {
  const body = c.req.valid('json');
  const email = body.email.trim().toLowerCase();
  const { settings, outbox, database } = c.get('deps');
  const { db } = database;
  if (await emailHasAccount(db, email)) {
    throw new AppError(409, ERROR_CODES.accountExists, 'An account already exists for this email.', {
      email: 'An account already exists for this email.',
    });
  }
  const organisationName = body.organisationId ? await organisationNameOf(db, body.organisationId) : null;
  if (body.organisationId && organisationName === null) throw notFound('No such organisation.');
  const { token, hash } = newSecretToken();
  const invitation = {
    id: randomUUID(),
    email,
    firstName: body.firstName,
    lastName: body.lastName,
    organisationId: body.organisationId ?? null,
    tokenHash: hash,
    invitedBy: c.get('user').id,
    expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
  };
  const branding = await tenantBranding(brandingSourceOf(c.get('deps')));
  const url = `${settings.baseUrl}/activate?token=${encodeURIComponent(token)}`;
  await insertInvitation(db, invitation, (tx) =>
    audit(
      c,
      { action: 'invitation.create', targetType: 'invitation', targetId: invitation.id, data: { email } },
      tx,
    ),
  );
  await outbox.send({
    channel: 'email',
    to: email,
    template: 'invitation',
    ...emailTemplates.invitation(branding, body.firstName, c.get('user').name, organisationName, url),
  });
  return c.json({ id: invitation.id, email, expiresAt: invitation.expiresAt.toISOString() }, 201);
});

invitationsRouter.openapi(getInvitationPreview, async (c) => {
  const preview = await openInvitationPreview(c.get('deps').database.db, c.req.valid('param').token);
  if (!preview) throw notFound(INVITATION_INVALID_MESSAGE);
  return c.json(preview, 200);
});
