import { z } from 'zod';
import { ORGANISATION_ROLES } from './enums.ts';
import { text } from './text.ts';

/**
 * Invitations to an organisation (issue 18, decision 030): owners and admins invite by email with a
 * role; the invitee sets a password at /activate and joins with that role. Platform admins see every
 * pending invitation at /pending-invites.
 */

/** How long an invitation link works, from when it was (re)sent. */
export const INVITATION_DAYS = 7;

export const ORGANISATION_INVITATION_MESSAGES = {
  emailInvalid: 'Enter a valid email address',
  alreadyMember: 'This person is already a member of your organisation',
  otherOrganisation:
    'This email belongs to an account in another organisation; a platform admin can move it to yours',
  accountExists: 'An account already exists for this email; a platform admin can add it to your organisation',
  alreadyInvited: 'This email already has a pending invitation',
  ownerOnly: 'Only an owner can invite an owner',
  noSuchInvitation: 'No such pending invitation',
} as const;

/** POST /api/organisation/invitations: who to invite, and with which role. */
export const organisationInvitationInputSchema = z.object({
  email: text()
    .trim()
    .toLowerCase()
    .max(254, ORGANISATION_INVITATION_MESSAGES.emailInvalid)
    .pipe(z.email(ORGANISATION_INVITATION_MESSAGES.emailInvalid)),
  firstName: text().trim().min(1, 'Enter a first name').max(100),
  lastName: text().trim().min(1, 'Enter a last name').max(100),
  role: z.enum(ORGANISATION_ROLES, 'Choose a role'),
});
export type OrganisationInvitationInput = z.input<typeof organisationInvitationInputSchema>;

/** A pending invitation as the organisation page lists it. */
export const organisationInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ORGANISATION_ROLES),
  /** The inviter's name; null once their account is gone. */
  invitedBy: z.string().nullable(),
  /** When the current link was sent (a resend sends a new one). */
  sentAt: z.string(),
  expiresAt: z.string(),
});
export type OrganisationInvitation = z.infer<typeof organisationInvitationSchema>;

export const organisationInvitationListSchema = z.object({ items: z.array(organisationInvitationSchema) });
export type OrganisationInvitationList = z.infer<typeof organisationInvitationListSchema>;

/** A pending invitation as /pending-invites lists it: any organisation's, or an admin's portal invitation. */
export const pendingInvitationSchema = organisationInvitationSchema.extend({
  organisationId: z.string().nullable(),
  /** Null for an admin's invitation to the portal without an organisation. */
  organisationName: z.string().nullable(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

export const pendingInvitationListSchema = z.object({ items: z.array(pendingInvitationSchema) });
export type PendingInvitationList = z.infer<typeof pendingInvitationListSchema>;
