import { ORGANISATION_MESSAGES, type OrganisationMember, type OrganisationRole } from '@offplan/shared';

/**
 * Why the viewer may not change or remove this member (decision 030), or null: the API says the same
 * (403 or 409); the page disables the controls and tells why instead of sending a call to be refused.
 */
export function memberLock(
  member: Pick<OrganisationMember, 'role'>,
  viewerRole: OrganisationRole,
  ownerCount: number,
): string | null {
  if (member.role === 'owner' && viewerRole !== 'owner') return ORGANISATION_MESSAGES.ownerOnlyChangeOwner;
  if (member.role === 'owner' && ownerCount <= 1) return ORGANISATION_MESSAGES.lastOwner;
  return null;
}
