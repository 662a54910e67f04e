import { INVITATION_DAYS } from '@offplan/shared';
import { brandingSourceOf, tenantBranding } from '../../lib/branding.ts';
import type { AppDeps } from '../../lib/context.ts';
import { emailTemplates } from '../../lib/message-templates.ts';
import { newSecretToken } from '../auth/plugin-context.ts';

/**
 * The one way an invitation link is made and sent (decision 030): the admins' portal invitations and
 * organisations' invitations alike, first sent or resent. Only the token's hash is stored.
 */

/** A new link: the token for the email, its hash for the row, and when it stops working. */
export function newInvitationLink() {
  const { token, hash } = newSecretToken();
  return { token, tokenHash: hash, expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000) };
}

/** Emails the /activate link to the invitee through the outbox. */
export async function sendInvitationEmail(
  deps: AppDeps,
  invitation: { email: string; firstName: string; inviterName: string; organisationName: string | null },
  token: string,
) {
  const branding = await tenantBranding(brandingSourceOf(deps));
  const url = `${deps.settings.baseUrl}/activate?token=${encodeURIComponent(token)}`;
  await deps.outbox.send({
    channel: 'email',
    to: invitation.email,
    template: 'invitation',
    ...emailTemplates.invitation(
      branding,
      invitation.firstName,
      invitation.inviterName,
      invitation.organisationName,
      url,
    ),
  });
}
