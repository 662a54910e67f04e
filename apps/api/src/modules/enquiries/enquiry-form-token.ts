import { createHmac, timingSafeEqual } from 'node:crypto';
import { ENQUIRY_MIN_FILL_MS } from '@offplan/shared';

/**
 * The enquiry form's token (issue 16 spam rule: a minimum fill time): `<issuedAt ms>.<HMAC>` made when
 * the page is sent, so an enquiry shows how long its form was open. The key is derived from the auth
 * secret with a purpose of its own, so this HMAC signs nothing else and no other signature passes here.
 * The token carries no secret: anyone may read the page and get one; it only dates the form.
 */

/** The hidden field robots fill and people never see (the form renders it visually hidden). */
export const ENQUIRY_HONEYPOT_FIELD = 'company_website';
/** The hidden field that carries the form token. */
export const ENQUIRY_TOKEN_FIELD = 'formToken';

/** A form older than this is refused: reloading the page gives a new one (and current prices). */
export const ENQUIRY_FORM_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Processes whose clocks run a little apart still accept each other's tokens. */
const CLOCK_SKEW_MS = 60_000;

/** The derived key of the one secret a process signs with, made once (every listing page answer signs). */
let derived: { secret: string; key: Buffer } | undefined;
function keyFor(secret: string): Buffer {
  if (derived?.secret !== secret)
    derived = { secret, key: createHmac('sha256', secret).update('enquiry-form').digest() };
  return derived.key;
}

const sign = (secret: string, issuedAt: string) =>
  createHmac('sha256', keyFor(secret)).update(issuedAt).digest('base64url');

/** The last token made: pages sent in the same millisecond get the same one (one HMAC, not one each). */
let last: { secret: string; issuedAt: string; token: string } | undefined;

export function createEnquiryFormToken(secret: string, now = Date.now()): string {
  const issuedAt = String(Math.floor(now));
  if (last?.issuedAt === issuedAt && last.secret === secret) return last.token;
  last = { secret, issuedAt, token: `${issuedAt}.${sign(secret, issuedAt)}` };
  return last.token;
}

export type FormTokenCheck = 'valid' | 'too_fast' | 'expired' | 'invalid';

/** Whether a form token is ours, and whether its form was open long enough and not too long. */
export function checkEnquiryFormToken(secret: string, token: unknown, now = Date.now()): FormTokenCheck {
  if (typeof token !== 'string' || token.length > 200) return 'invalid';
  const [issuedAt, signature, extra] = token.split('.');
  if (!issuedAt || !signature || extra !== undefined || !/^\d{1,15}$/.test(issuedAt)) return 'invalid';
  const expected = Buffer.from(sign(secret, issuedAt));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  const age = now - Number(issuedAt);
  if (age < -CLOCK_SKEW_MS) return 'invalid';
  if (age < ENQUIRY_MIN_FILL_MS) return 'too_fast';
  if (age > ENQUIRY_FORM_MAX_AGE_MS) return 'expired';
  return 'valid';
}

/** What the buyer reads when the token refuses a form. */
export const FORM_TOKEN_MESSAGES: Record<Exclude<FormTokenCheck, 'valid'>, string> = {
  too_fast:
    'This form was sent too quickly. Please wait a few seconds, check your details and send it again.',
  expired: 'This form has expired: reload the page and send it again.',
  invalid: 'This form could not be checked: reload the page and send it again.',
};
