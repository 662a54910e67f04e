import { ERROR_CODES, type UserProjectsOutput } from '@offplan/shared';
import { isAccessError, isApiClientError } from '../../../lib/api-client.ts';

/**
 * Who may open /crm (decision 029): `crm.manage`, which organisations' owners and admins hold unless
 * /roles says otherwise. The server decides: the account state carries the caller's permissions as in
 * force now (decision 032), never worked out here from the starting sets. Platform admins belong to
 * no organisation: they act through impersonation.
 */
export type CrmAccess = 'manage' | 'notManager' | 'noOrganisation' | 'platformAdmin';

export function crmAccessOf(isAdmin: boolean, account: UserProjectsOutput | undefined): CrmAccess {
  if (isAdmin) return 'platformAdmin';
  if (!account?.organisation) return 'noOrganisation';
  return account.permissions.includes('crm.manage') ? 'manage' : 'notManager';
}

/**
 * The API refused the caller (403) for want of `crm.manage` or an organisation: a state to explain, not
 * an error. An unverified email is a 403 too, but that one sends the user elsewhere (isAccessError).
 */
export function isCrmRefusal(error: unknown): boolean {
  if (isAccessError(error)) return false;
  return isApiClientError(error, ERROR_CODES.forbidden) || (isApiClientError(error) && error.status === 403);
}
