import { adminClient, inferAdditionalFields, organizationClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { ApiClientError, networkError, toApiClientError } from './api-client.ts';

/** Mirrors apps/api/src/auth.ts `user.additionalFields` (only what the client reads). */
const userAdditionalFields = {
  user: {
    firstName: { type: 'string', required: false },
    lastName: { type: 'string', required: false },
    title: { type: 'string', required: false },
    jobRoleId: { type: 'number', required: false, input: false },
  },
} as const;

export const authClient = createAuthClient({
  // Same origin as the app; the API serves better-auth under /api/auth.
  baseURL: window.location.origin,
  basePath: '/api/auth',
  // Resolved per call (not captured once) so tests can stub the global fetch.
  fetchOptions: { customFetchImpl: (input, init) => fetch(input, init) },
  plugins: [inferAdditionalFields(userAdditionalFields), adminClient(), organizationClient()],
});

export type AuthSession = typeof authClient.$Infer.Session;
export type SessionUser = AuthSession['user'];

/**
 * better-fetch hands back `{ ...errorBody, status, statusText }`; the API wraps every failure in
 * `{error: {code, message}}`. Both become the app's one error type.
 */
export function authErrorToApiClientError(error: unknown): ApiClientError {
  if (error instanceof ApiClientError) return error;
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') {
    if (error.status === 0) return networkError(error);
    return toApiClientError(error.status, error);
  }
  return networkError(error);
}
