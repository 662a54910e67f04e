import { type AuthSession, authSessionSchema } from '@offplan/shared';
import { adminClient, inferAdditionalFields, organizationClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { ApiClientError, CLIENT_ERROR_CODES, networkError, toApiClientError } from './api-client.ts';

/** Mirrors apps/api/src/auth.ts `user.additionalFields` (only what the client reads). */
const userAdditionalFields = {
  user: {
    firstName: { type: 'string', required: false },
    lastName: { type: 'string', required: false },
    title: { type: 'string', required: false },
    jobRoleId: { type: 'number', required: false, input: false },
  },
} as const;

/**
 * better-auth's client stays private to this module: its inferred type cannot be named in emitted
 * declarations (composite project), and every call below turns its `{data, error}` answers into
 * the app's one error type. Add a wrapper here when a feature needs another auth call.
 */
const client = createAuthClient({
  // Same origin as the app; the API serves better-auth under /api/auth.
  baseURL: window.location.origin,
  basePath: '/api/auth',
  // Resolved per call (not captured once) so tests can stub the global fetch.
  fetchOptions: { customFetchImpl: (input, init) => fetch(input, init) },
  plugins: [inferAdditionalFields(userAdditionalFields), adminClient(), organizationClient()],
});

/**
 * better-fetch hands back `{ ...errorBody, status, statusText }`, and the API wraps every failure in
 * `{error: {code, message}}`: the one error shape, read like any other call's.
 */
export function authErrorToApiClientError(error: unknown): ApiClientError {
  if (error instanceof ApiClientError) return error;
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') {
    if (error.status === 0) return networkError(error);
    return toApiClientError(error.status, error);
  }
  return networkError(error);
}

type BetterFetchResult = { data: unknown; error: unknown };

async function call(request: () => Promise<BetterFetchResult>): Promise<unknown> {
  let result: BetterFetchResult;
  try {
    result = await request();
  } catch (cause) {
    throw authErrorToApiClientError(cause);
  }
  if (result.error) throw authErrorToApiClientError(result.error);
  return result.data;
}

/** The current session, or null when signed out. */
export async function fetchSession(): Promise<AuthSession | null> {
  const data = await call(() => client.getSession());
  if (!data) return null;
  const parsed = authSessionSchema.safeParse(data);
  if (!parsed.success) {
    throw new ApiClientError({
      status: 200,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: 'Your session could not be read. Please sign in again.',
      cause: parsed.error,
    });
  }
  return parsed.data;
}

export async function signInWithEmail(credentials: { email: string; password: string }): Promise<void> {
  await call(() => client.signIn.email(credentials));
}

export async function signOutOfServer(): Promise<void> {
  await call(() => client.signOut());
}
