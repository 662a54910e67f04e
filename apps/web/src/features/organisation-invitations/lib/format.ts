import type { OrganisationRole } from '@offplan/shared';

export const ROLE_LABELS: Record<OrganisationRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
};
