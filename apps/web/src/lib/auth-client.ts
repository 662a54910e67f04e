import { API_PATHS, AUTH_BASE_PATH, type AuthSession } from '@offplan/shared';
import { ApiClientError, CLIENT_ERROR_CODES, networkError, toApiClientError } from './api-client.ts';
import { takePageAnswer } from './page-answers.ts';

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
 * It is loaded on the first call that needs it (issue 21): about 15 KB compressed that no page needs
 * to paint, since reading the session is a plain GET (fetchSession).
 */
async function createClient() {
  const { createAuthClient, adminClient, inferAdditionalFields, organizationClient } = await import(
    './auth-client-modules.ts'
  );
  return createAuthClient({
    // Same origin as the app; the API serves better-auth under /api/auth.
    baseURL: window.location.origin,
    basePath: AUTH_BASE_PATH,
    // Resolved per call (not captured once) so tests can stub the global fetch.
    fetchOptions: { customFetchImpl: (input, init) => fetch(input, init) },
    plugins: [inferAdditionalFields(userAdditionalFields), adminClient(), organizationClient()],
  });
}

let clientLoading: ReturnType<typeof createClient> | undefined;
const authClient = () => {
  clientLoading ??= createClient();
  return clientLoading;
};

/**
 * Starts loading the client without waiting for it: the sign-in form calls this on the visitor's
 * first focus or press, and again on each later one, when only the first does anything.
 */
export function preloadAuthClient(): void {
  if (clientLoading) return;
  authClient().catch(() => {
    // A failed load is tried again by the call that needs it.
    clientLoading = undefined;
  });
}

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

/**
 * The current session, or null when signed out: better-auth's GET /get-session, read directly so the
 * route guards never wait for the auth client to load first.
 */
export async function fetchSession(): Promise<AuthSession | null> {
  // The page's own copy when the server sent one with it (decision 048), checked as an answer is.
  const sentWithPage = takePageAnswer(API_PATHS.auth.getSession);
  const data = sentWithPage ? sentWithPage.body : await askForSession();
  if (data === null) return null;
  // Only a signed-in answer needs the schema (and Zod): the sign-in page's visitor never loads it.
  const { authSessionSchema } = await import('./session-schema.ts');
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

/** GET /api/auth/get-session: the body (null signed out, undefined when not JSON), or the call's error. */
async function askForSession(): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(new URL(API_PATHS.auth.getSession, window.location.origin), {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
  } catch (cause) {
    throw networkError(cause);
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = undefined;
  }
  if (!response.ok) throw toApiClientError(response.status, data);
  return data;
}

/**
 * What sign-in answers when the user has two-step sign-in on: no session yet, a code is needed first
 * (`{twoFactorRedirect: true, phoneHint?}`). Two fields, read by hand: this module is on every first
 * page, which loads no schema library (decision 044).
 */
function twoFactorRedirectOf(data: unknown): { phoneHint: string | null } | null {
  if (typeof data !== 'object' || data === null || !('twoFactorRedirect' in data)) return null;
  if (data.twoFactorRedirect !== true) return null;
  const phoneHint = 'phoneHint' in data ? data.phoneHint : undefined;
  if (phoneHint !== undefined && phoneHint !== null && typeof phoneHint !== 'string') return null;
  return { phoneHint: phoneHint ?? null };
}

export type SignInResult =
  | { twoFactorRequired: false }
  | { twoFactorRequired: true; phoneHint: string | null };

/** Email + password sign-in: either signed in, or (two-step sign-in on) half-way, waiting for a code. */
export async function signInWithEmail(credentials: {
  email: string;
  password: string;
}): Promise<SignInResult> {
  const data = await call(async () => (await authClient()).signIn.email(credentials));
  const twoFactor = twoFactorRedirectOf(data);
  if (twoFactor) return { twoFactorRequired: true, phoneHint: twoFactor.phoneHint };
  return { twoFactorRequired: false };
}

export async function signOutOfServer(): Promise<void> {
  await call(async () => (await authClient()).signOut());
}

/*
 * Two-step sign-in and the emailed verification link answer 401 for an expired two-factor cookie or
 * a spent token, which is not a lost session. Through apiRequest such a 401 would send the user to
 * sign-in as SessionRequired, over the page's own explanation; here it stays an error for the page.
 */

/** POST /api/auth/two-factor/send-otp: texts the 6-digit code to the user half-way through sign-in. */
export async function sendTwoFactorCode(): Promise<void> {
  await call(async () => (await authClient()).$fetch('/two-factor/send-otp', { method: 'POST', body: {} }));
}

/** POST /api/auth/two-factor/verify-otp: the code finishes sign-in; the session cookie comes back. */
export async function verifyTwoFactorCode(code: string): Promise<void> {
  await call(async () =>
    (await authClient()).$fetch('/two-factor/verify-otp', { method: 'POST', body: { code } }),
  );
}

/** GET /api/auth/verify-email?token=: confirms the address and signs the user in. */
export async function verifyEmailToken(token: string): Promise<void> {
  await call(async () => (await authClient()).$fetch('/verify-email', { method: 'GET', query: { token } }));
}
