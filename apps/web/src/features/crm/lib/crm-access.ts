import { ERROR_CODES, hasPermission, type UserProjectsOutput } from '@offplan/shared';
import { isAccessError, isApiClientError } from '../../../lib/api-client.ts';

/**
 * Who may open /crm (decision 029): `crm.manage`, which only an organisation's owners and admins hold.
 * Platform admins hold every permission but belong to no organisation: they act through impersonation.
 */
export type CrmAccess = 'manage' | 'notManager' | 'noOrganisation' | 'platformAdmin';

export function crmAccessOf(isAdmin: boolean, account: UserProjectsOutput | undefined): CrmAccess {
  if (isAdmin) return 'platformAdmin';
  const organisation = account?.organisation;
  if (!organisation) return 'noOrganisation';
  const canManage = hasPermission(
    { isAdmin: false, jobRoleId: null, organisationRole: organisation.role },
    'crm.manage',
  );
  return canManage ? 'manage' : 'notManager';
}

/**
 * The API refused the caller (403) for want of `crm.manage` or an organisation: a state to explain, not
 * an error. An unverified email is a 403 too, but that one sends the user elsewhere (isAccessError).
 */
export function isCrmRefusal(error: unknown): boolean {
  if (isAccessError(error)) return false;
  return isApiClientError(error, ERROR_CODES.forbidden) || (isApiClientError(error) && error.status === 403);
}
