import { isApiClientError } from '../../lib/api-client.ts';

/** Codes the API answers for a link's token that cannot be used (expired, used, mistyped or forged). */
export const LINK_TOKEN_ERROR_CODES = { invalid: 'INVALID_TOKEN', expired: 'TOKEN_EXPIRED' } as const;

/**
 * Whether an emailed or handed-over link is spent or was never valid: asking again will not help,
 * a new link will. Network and server failures are not: trying again may. better-auth refuses a bad
 * email-verification token with a 401, whatever code the API then gives it.
 */
export function isUnusableLinkError(error: unknown): boolean {
  if (!isApiClientError(error)) return false;
  return (
    error.code === LINK_TOKEN_ERROR_CODES.invalid ||
    error.code === LINK_TOKEN_ERROR_CODES.expired ||
    error.status === 401 ||
    error.status === 404
  );
}
