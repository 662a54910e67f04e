import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { throttleCounters } from '../db/schema/index.ts';
// Only a type from test-app.ts: test-app.ts imports this file, so no value may come back the other way.
import type { TestApp } from './test-app.ts';

/** The password `createUser` gives every test user unless told otherwise. */
export const TEST_PASSWORD = 'correct horse battery staple';

/**
 * The one set of sign-in and cookie helpers for API tests (issue 14): a test file that needs a session
 * imports these instead of writing its own cookie parsing.
 */

/** What `GET /api/auth/get-session` answers for a working session. */
export type SessionBody = {
  user: { id: string; email: string; emailVerified: boolean; role?: string | null };
  session: { id: string; userId: string; expiresAt: string; impersonatedBy?: string | null };
};

/**
 * What these helpers need of a test app: its `request` and database. Spelt out rather than taken from
 * `TestApp`, whose type is inferred from `createTestApp`, which uses `signIn` (a circular type otherwise).
 */
export type SessionTestApp = {
  request: (
    pathname: string,
    init?: RequestInit & { cookie?: string; ip?: string; json?: unknown },
  ) => Response | Promise<Response>;
  db: Db;
};

/** Headers that carry a session: pass them as a request's headers (`t.client…$get(args, { headers })`). */
export type SessionHeaders = { cookie: string };

/** The cookies a response sets, added to `previous`, as a `cookie` header (cleared cookies left out). */
export function cookiesOf(response: Response, previous = ''): string {
  const jar = new Map<string, string>();
  for (const pair of previous.split(/;\s*/).filter(Boolean)) {
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(';')[0]!;
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    const value = pair.slice(at + 1);
    if (!value || /max-age=0\b/i.test(header)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Whether a response sets a (not cleared) session cookie. */
export const hasSessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .some((header) => /^better-auth\.session_token=[^;]+/.test(header) && !/max-age=0\b/i.test(header));

/** Tests sign the same account in many times a minute; the per-account limit has its own tests. */
export async function forgetSignInAttempts(t: Pick<SessionTestApp, 'db'>, email: string) {
  await t.db.delete(throttleCounters).where(eq(throttleCounters.key, `sign-in:${email.toLowerCase()}`));
}

/** Signs in with email and password and returns the raw answer, whatever it is; the per-account limit is reset. */
export async function signInRaw(t: SessionTestApp, email: string, password = TEST_PASSWORD, ip?: string) {
  const response = await t.request('/api/auth/sign-in/email', {
    method: 'POST',
    json: { email, password },
    ...(ip ? { ip } : {}),
  });
  await forgetSignInAttempts(t, email);
  return response;
}

/** Signs in through the HTTP API and returns the headers that carry the session; throws unless it worked. */
export async function signIn(
  t: SessionTestApp,
  email: string,
  password = TEST_PASSWORD,
  ip?: string,
): Promise<SessionHeaders> {
  const response = await signInRaw(t, email, password, ip);
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return { cookie: cookiesOf(response) };
}

/** A new user (see `createUser`) already signed in: its id, email, cookie and session headers. */
export async function signedInUser(t: TestApp, fields: Parameters<TestApp['createUser']>[0] = {}) {
  const created = await t.createUser(fields);
  const headers = await signIn(t, created.email, fields.password);
  return { ...created, cookie: headers.cookie, headers };
}

/** The session a cookie stands for, or null when it no longer works. */
export async function sessionOf(
  t: Pick<SessionTestApp, 'request'>,
  cookie: string,
): Promise<SessionBody | null> {
  const response = await t.request('/api/auth/get-session', { cookie });
  if (response.status === 401) return null;
  if (response.status !== 200) throw new Error(`get-session answered ${response.status}`);
  return (await response.json()) as SessionBody | null;
}
