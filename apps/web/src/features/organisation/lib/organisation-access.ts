import { ERROR_CODES } from '@offplan/shared';
import { isAccessError, isApiClientError } from '../../../lib/api-client.ts';

/**
 * The API refused the reads with 403 because the caller belongs to no organisation. An unverified email
 * is a 403 too, but that one sends the user elsewhere (isAccessError).
 */
export function isNoOrganisation(error: unknown): boolean {
  if (isAccessError(error)) return false;
  return isApiClientError(error, ERROR_CODES.forbidden);
}
