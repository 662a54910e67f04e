import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { organization, userInvitations, user as userTable } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { brandingFor, currentTenant } from '../../lib/branding.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { emailTemplates } from '../../lib/message-templates.ts';
import { createRouter } from '../../lib/router.ts';
import { requirePermission } from '../../middlewares/session.ts';
import { findOpenInvitation, INVITATION_INVALID_MESSAGE } from '../auth/invitation.plugin.ts';
import { newSecretToken } from '../auth/plugin-context.ts';
import { getInvitationPreview, postInvitation } from './invitations.routes.ts';

export const INVITATION_DAYS = 7;

export const invitationsRouter = createRouter();

invitationsRouter.use(postInvitation.path, requirePermission('users.manage'));
invitationsRouter.openapi(postInvitation, async (c) => {
  const body = c.req.valid('json');
  const email = body.email.trim().toLowerCase();
  const { db } = c.get('deps').database;
  const { settings, outbox } = c.get('deps');
  const [existing] = await db.select({ id: userTable.id }).from(userTable).where(eq(userTable.email, email));
  if (existing) {
    throw new AppError(409, 'ACCOUNT_EXISTS', 'An account already exists for this email.', {
      email: 'An account already exists for this email.',
    });
  }
  let organisationName: string | null = null;
  if (body.organisationId) {
    const [found] = await db
      .select({ name: organization.name })
      .from(organization)
      .where(eq(organization.id, body.organisationId));
    if (!found) throw notFound('No such organisation.');
    organisationName = found.name;
  }
  const { token, hash } = newSecretToken();
  const invitation = {
    id: randomUUID(),
    email,
    firstName: body.firstName,
    lastName: body.lastName,
    organisationId: body.organisationId ?? null,
    tokenHash: hash,
    invitedBy: c.get('user')!.id,
    expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
  };
  const branding = brandingFor(currentTenant(), settings.productName, settings.baseUrl);
  const url = `${settings.baseUrl}/activate?token=${encodeURIComponent(token)}`;
  await db.transaction(async (tx) => {
    await tx.insert(userInvitations).values(invitation);
    await audit(
      c,
      { action: 'invitation.create', targetType: 'invitation', targetId: invitation.id, data: { email } },
      tx,
    );
  });
  await outbox.send({
    channel: 'email',
    to: email,
    template: 'invitation',
    tenant: branding.tenant,
    ...emailTemplates.invitation(branding, body.firstName, c.get('user')!.name, organisationName, url),
  });
  return c.json({ id: invitation.id, email, expiresAt: invitation.expiresAt.toISOString() }, 201);
});

invitationsRouter.openapi(getInvitationPreview, async (c) => {
  const { db } = c.get('deps').database;
  const invitation = await findOpenInvitation(db, c.req.valid('param').token);
  if (!invitation) throw notFound(INVITATION_INVALID_MESSAGE);
  const [org] = invitation.organisationId
    ? await db
        .select({ name: organization.name })
        .from(organization)
        .where(eq(organization.id, invitation.organisationId))
    : [];
  return c.json(
    {
      email: invitation.email,
      firstName: invitation.firstName,
      lastName: invitation.lastName,
      organisationName: org?.name ?? null,
      expiresAt: invitation.expiresAt.toISOString(),
    },
    200,
  );
});
