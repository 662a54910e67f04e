import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_TOKEN_LIFETIME_MS } from '@offplan/shared';

/**
 * The notification token of spec §7: `<base64url payload>.<base64url HMAC-SHA256>` over the email and
 * the time it was made, keyed from the auth secret (a key of its own, so it signs nothing else).
 * It lives 22 hours, like the client's cache of it.
 */
const keyFor = (secret: string) =>
  createHmac('sha256', secret).update('offplan:notification-token:v1').digest();

const sign = (secret: string, payload: string) =>
  createHmac('sha256', keyFor(secret)).update(payload).digest('base64url');

export function createNotificationToken(secret: string, email: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ e: email.toLowerCase(), iat: now })).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** True when the token was made by us for this email and is under 22 hours old. */
export function verifyNotificationToken(
  secret: string,
  token: string | undefined,
  email: string,
  now = Date.now(),
): boolean {
  if (!token || token.length > 1000) return false;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      e?: unknown;
      iat?: unknown;
    };
    if (typeof claims.e !== 'string' || typeof claims.iat !== 'number') return false;
    if (claims.e !== email.toLowerCase()) return false;
    const age = now - claims.iat;
    return age >= -60_000 && age < NOTIFICATION_TOKEN_LIFETIME_MS;
  } catch {
    return false;
  }
}
