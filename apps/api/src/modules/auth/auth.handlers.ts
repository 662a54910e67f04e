import { ERROR_CODES, MESSAGES } from '@offplan/shared';
import type { Context } from 'hono';
import { CLIENT_IP_HEADER } from '../../auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { errorBody } from '../../lib/errors.ts';

/** better-auth codes that must all read the same, so sign-in never tells whether an email exists. */
const CREDENTIAL_FAILURES = new Set(['INVALID_EMAIL_OR_PASSWORD', 'BANNED_USER', 'USER_NOT_FOUND']);

/**
 * Hands /api/auth/* to better-auth with the server-resolved client address (used by its
 * rate limiter) and reshapes its failures into the one error shape.
 */
export async function handleAuth(c: Context<AppEnv>) {
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  if (c.var.clientIp) headers.set(CLIENT_IP_HEADER, c.var.clientIp);
  const request = new Request(c.req.raw, { headers });
  const response = await c.var.deps.auth.handler(request);
  if (response.status < 400) return response;

  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string; message?: string } | null;
  const outHeaders = new Headers(response.headers);
  outHeaders.set('content-type', 'application/json');
  outHeaders.delete('content-length');

  if (response.status === 429) {
    const retryAfter = Number(response.headers.get('x-retry-after') ?? 60);
    outHeaders.set('retry-after', String(retryAfter));
    return new Response(
      JSON.stringify(
        errorBody(
          ERROR_CODES.rateLimited,
          `Too many attempts. Try again in ${retryAfter} seconds.`,
          undefined,
          c.var.requestId,
        ),
      ),
      { status: 429, headers: outHeaders },
    );
  }
  if (c.req.path.startsWith('/api/auth/sign-in/') && body?.code && CREDENTIAL_FAILURES.has(body.code)) {
    return new Response(
      JSON.stringify(
        errorBody('INVALID_CREDENTIALS', MESSAGES.invalidCredentials, undefined, c.var.requestId),
      ),
      { status: 401, headers: outHeaders },
    );
  }
  const code = body?.code ?? (response.status === 404 ? ERROR_CODES.notFound : ERROR_CODES.badRequest);
  const message = body?.message ?? (response.statusText || 'Request failed.');
  return new Response(JSON.stringify(errorBody(code, message, undefined, c.var.requestId)), {
    status: response.status,
    headers: outHeaders,
  });
}
