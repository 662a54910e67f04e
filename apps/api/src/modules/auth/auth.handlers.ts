import { ERROR_CODES, MESSAGES, maskPhoneNumber } from '@offplan/shared';
import type { Context } from 'hono';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER } from '../../auth-constants.ts';
import { audit } from '../../lib/audit.ts';
import type { AppEnv } from '../../lib/context.ts';
import { errorBody } from '../../lib/errors.ts';
import { BETTER_AUTH_MUST_ANSWER } from '../../lib/session-reader.ts';
import { sessionReaderFor } from '../../middlewares/session.ts';
import { phoneNumberOf } from './auth.repository.ts';
import { screenAuthInput } from './auth-input.ts';
import { impersonationOver } from './impersonation-cap.ts';

/** better-auth codes that must all read the same, so sign-in never tells whether an email exists. */
const CREDENTIAL_FAILURES = new Set(['INVALID_EMAIL_OR_PASSWORD', 'BANNED_USER', 'USER_NOT_FOUND']);
const ADMIN_PREFIX = '/admin/';
/** better-auth 401 codes that do mean "no (valid) session". */
const SESSION_CODES = new Set([
  'UNAUTHORIZED',
  'SESSION_EXPIRED',
  'SESSION_NOT_FRESH',
  'FAILED_TO_GET_SESSION',
]);
const SIGN_IN_PATH = '/sign-in/email';
const SESSION_READ_PATH = '/get-session';
/** Writes that are not changes to an account (or audit themselves): not worth an audit row each. */
const UNAUDITED_AUTH_PATHS = new Set([
  SIGN_IN_PATH,
  '/sign-out',
  '/impersonation/start',
  '/impersonation/connect',
]);
/**
 * The `limit` label of a 429 from better-auth's per-address limits or our hooks' per-account ones
 * (auth.hooks.ts): a few groups, never the path, which a caller can make up.
 */
function authLimitOf(path: string): 'sign-in' | 'sign-up' | 'sms' | 'email' | 'auth' {
  if (path.startsWith('/sign-in/') || path === '/two-factor/verify-otp') return 'sign-in';
  if (path === '/sign-up/email') return 'sign-up';
  if (path.endsWith('/send-otp')) return 'sms';
  if (path === '/send-verification-email' || path === '/request-password-reset') return 'email';
  return 'auth';
}

/** Secrets never copied into the audit log. */
const UNAUDITED_FIELDS = new Set(['password', 'newPassword', 'currentPassword', 'token']);

const json = (body: unknown, status: number, headers: Headers) => {
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status, headers });
};

/** better-auth codes that are about one field. */
const FIELD_OF_CODE: Record<string, string> = {
  INVALID_EMAIL: 'email',
  INVALID_PASSWORD: 'password',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_TOO_LONG: 'password',
};

/** Fields named by a failure: our hooks' `field`, its code, or validation messages like "[body.email] Invalid email; …". */
function fieldsOf(
  code: string | undefined,
  message: string,
  namedField: string | undefined,
): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  const field = namedField ?? (code ? FIELD_OF_CODE[code] : undefined);
  if (field) fields[field] = message;
  for (const part of message.split(/;\s*/)) {
    const match = /^\[(?:body|query)\.([^\]]+)\]\s*(.*)$/.exec(part.trim());
    if (match?.[1]) fields[match[1]] ??= match[2] || 'is invalid';
  }
  return Object.keys(fields).length ? fields : undefined;
}

/**
 * Removes `token` wherever it appears in an answer (objects and arrays of them). Issue 15, finding 5:
 * applied to every JSON answer of /api/auth/*, since sign-up, sign-in, two-step, session lists and
 * more each return one; a session token stays in the httpOnly cookie only, and no portal page needs
 * one in a body (the admin's magic token is `magicToken`, not a session token).
 */
function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'token')
        .map(([key, inner]) => [key, withoutTokens(inner)]),
    );
  }
  return value;
}

/**
 * Hands /api/auth/* to better-auth with the server-resolved client address (used by its rate
 * limiter), after the text rule (auth-input.ts: a NUL refused, control characters removed), keeps
 * session tokens out of every answer body, records admin writes in the audit log,
 * and reshapes failures into the one error shape.
 */
/**
 * GET /api/auth/get-session, which every page load asks, answered by the session reader (decision 022)
 * with the JSON better-auth would send (less the session token, like every answer here) when that
 * needs nothing of better-auth: no session cookie, or a valid session not due for its refresh. better-auth
 * itself costs ~1 ms of CPU a call before any query (version 1.7.7 builds its router for each request).
 * `null` when better-auth must answer: to refresh, end or forget the session, or for one of its options.
 */
async function sessionReadAnswer(c: Context<AppEnv>): Promise<Response | null> {
  if (new URL(c.req.url).search) return null;
  const read = await (await sessionReaderFor(c.get('deps'))).withoutBetterAuth(c);
  if (read === BETTER_AUTH_MUST_ANSWER) return null;
  if (read === null) return c.json(null);
  // Its hour is over: better-auth's hook ends it (auth.hooks.ts) and answers no session.
  if (impersonationOver(read.session)) return null;
  // No session token in a body (issue 15, finding 5; `withoutTokens` does it for better-auth's answers).
  const { token: _token, ...session } = read.session;
  return c.json({ session, user: read.user });
}

export async function handleAuth(c: Context<AppEnv>) {
  const { auth } = c.get('deps');
  const path = c.req.path.slice(AUTH_BASE_PATH.length);
  if (path === SESSION_READ_PATH && c.req.method === 'GET') {
    const answer = await sessionReadAnswer(c);
    if (answer) return answer;
  }
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  const clientIp = c.get('clientIp');
  if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp);
  // Plugin endpoints audit with the same request id as our logs.
  headers.set('x-request-id', c.get('requestId'));
  const adminWrite = c.req.method === 'POST' && path.startsWith(ADMIN_PREFIX);
  const signIn = path === SIGN_IN_PATH && c.req.method === 'POST';
  const screened = await screenAuthInput(c.req.raw);
  if (screened.refused) {
    // The one message shape of a validation failure: the fields, then the first problem.
    const names = Object.keys(screened.refused);
    const message = `Invalid ${names.map((name) => `'${name}'`).join(', ')}: ${Object.values(screened.refused)[0]}`;
    return c.json(errorBody(ERROR_CODES.validation, message, screened.refused, c.get('requestId')), 400);
  }
  const requestBody = screened.body;
  if (screened.cleanedBody !== null) headers.delete('content-length');
  const forwarded =
    screened.cleanedBody === null
      ? new Request(c.req.raw, { headers })
      : new Request(c.req.raw.url, {
          method: c.req.method,
          headers,
          body: screened.cleanedBody,
          signal: c.req.raw.signal,
        });

  const response = await auth.handler(forwarded);
  const outHeaders = new Headers(response.headers);

  if (response.status < 400) {
    if (adminWrite) await auditAdminWrite(c, path, requestBody);
    else if (c.req.method === 'POST' && !UNAUDITED_AUTH_PATHS.has(path))
      await auditImpersonatedWrite(c, path);
    if (signIn && response.headers.get('content-type')?.includes('json')) {
      const answer = (await response.clone().json()) as { twoFactorRedirect?: boolean };
      if (answer.twoFactorRedirect) {
        return json(
          { twoFactorRedirect: true, phoneHint: await phoneHintFor(c, requestBody) },
          response.status,
          outHeaders,
        );
      }
    }
    if (response.headers.get('content-type')?.includes('json')) {
      const answer = await response.text();
      if (!answer) return new Response(null, { status: response.status, headers: outHeaders });
      return json(withoutTokens(JSON.parse(answer)), response.status, outHeaders);
    }
    return response;
  }

  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string; message?: string; field?: string } | null;
  const requestId = c.get('requestId');

  if (response.status === 429) {
    c.get('deps').metrics.rateLimitRefusals.inc({ limit: authLimitOf(path) });
    const retryAfter = Number(response.headers.get('x-retry-after') ?? 60);
    outHeaders.set('retry-after', String(retryAfter));
    const message = `Too many attempts. Try again in ${retryAfter} seconds.`;
    return json(errorBody(ERROR_CODES.rateLimited, message, undefined, requestId), 429, outHeaders);
  }
  if (path.startsWith('/sign-in/') && body?.code && CREDENTIAL_FAILURES.has(body.code)) {
    return json(
      errorBody(ERROR_CODES.invalidCredentials, MESSAGES.invalidCredentials, undefined, requestId),
      401,
      outHeaders,
    );
  }
  // A wrong two-step code or a spent verification link is a 401 of its own, not a missing session.
  if (response.status === 401 && body?.code && !SESSION_CODES.has(body.code)) {
    return json(errorBody(body.code, body.message ?? 'Not allowed.', undefined, requestId), 401, outHeaders);
  }
  if (response.status === 401) {
    const message =
      body?.message && body.message !== 'UNAUTHORIZED'
        ? body.message
        : 'You need to be signed in to do that.';
    return json(errorBody(ERROR_CODES.sessionRequired, message, undefined, requestId), 401, outHeaders);
  }
  const message = body?.message ?? (response.statusText || 'Request failed.');
  const fields = response.status === 400 ? fieldsOf(body?.code, message, body?.field) : undefined;
  // A failure of the server is named as one, never as the caller's BAD_REQUEST (better-auth's code for it).
  const code =
    response.status >= 500
      ? ERROR_CODES.internal
      : (body?.code ??
        (fields
          ? ERROR_CODES.validation
          : response.status === 404
            ? ERROR_CODES.notFound
            : ERROR_CODES.badRequest));
  return json(errorBody(code, message, fields, requestId), response.status, outHeaders);
}

/** better-auth's admin endpoints change other people's accounts: every success is on the record. */
async function auditAdminWrite(c: Context<AppEnv>, path: string, body: unknown) {
  const session = await c.get('deps').auth.api.getSession({ headers: c.req.raw.headers });
  if (session) {
    c.set('user', session.user);
    c.set('session', session.session);
  }
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const data = Object.fromEntries(Object.entries(fields).filter(([key]) => !UNAUDITED_FIELDS.has(key)));
  await audit(c, {
    action: `admin.${path.slice(ADMIN_PREFIX.length)}`,
    targetType: 'user',
    ...(typeof fields.userId === 'string' ? { targetId: fields.userId } : {}),
    data,
  });
}

/**
 * The number a two-step code will go to, masked, for /login/verify-phone. Only reached after the
 * right password, so it tells nothing to someone who does not already know it.
 */
async function phoneHintFor(c: Context<AppEnv>, body: unknown): Promise<string | null> {
  const email =
    body && typeof body === 'object' && 'email' in body ? String(body.email).trim().toLowerCase() : '';
  if (!email) return null;
  const phoneNumber = await phoneNumberOf(c.get('deps').database.db, email);
  return phoneNumber ? maskPhoneNumber(phoneNumber) : null;
}

/** Design §1: every write an admin makes while acting as a user is on the record under the admin's id. */
async function auditImpersonatedWrite(c: Context<AppEnv>, path: string) {
  const session = await c.get('deps').auth.api.getSession({ headers: c.req.raw.headers });
  if (!session?.session.impersonatedBy) return;
  c.set('user', session.user);
  c.set('session', session.session);
  await audit(c, {
    action: `auth${path.replaceAll('/', '.')}`,
    targetType: 'user',
    targetId: session.user.id,
  });
}
