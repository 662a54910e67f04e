/** Route rules of spec §2 and §4 that both the server and the web client apply. */
import { ERROR_CODES } from './error-codes.ts';
import { SESSION_REQUIRED_ERROR } from './messages.ts';

/** Spec §2's list, plus /landing: the bare-layout page presenting the portal to visitors (decision 018). */
const PUBLIC_PREFIXES = [
  '/activate',
  '/forgot-password',
  '/terms',
  '/register',
  '/verify-email',
  '/connect',
  '/landing',
];

/** Where spec §4 sends a signed-in user whose email is not verified. */
export const VERIFY_EMAIL_PATH = '/verify-email';

/**
 * Where a call the server refused with EMAIL_NOT_VERIFIED sends the user: /verify-email, marked so
 * the page believes the refusal rather than a session answer that could bounce the user back.
 */
export const EMAIL_NOT_VERIFIED_REDIRECT = `${VERIFY_EMAIL_PATH}?${new URLSearchParams({ error: ERROR_CODES.emailNotVerified })}`;

/** Spec §2 "Public routes": the listed paths and any path containing login, logout or users. */
export function isPublicPath(pathname: string): boolean {
  if (/login|logout|users/.test(pathname)) return true;
  return PUBLIC_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** The `redirect` value a trip to sign-in carries: the original path, unless spec §4 says to drop it. */
function returnPathFor(pathname: string, search: string): string | null {
  if (pathname === '/' || pathname === '/logout' || new URLSearchParams(search).has('redirect')) return null;
  return pathname + search;
}

/**
 * Spec §4 session routing: where an unauthenticated visitor of `pathname` is sent.
 * The original path rides along as `redirect` unless it is the root, logout, or already carries one.
 */
export function loginRedirectFor(pathname: string, search = ''): string {
  const redirect = returnPathFor(pathname, search);
  return redirect === null ? '/login' : `/login?${new URLSearchParams({ redirect })}`;
}

/**
 * Spec §8 "Session required but missing": the sign-in path with error=SessionRequired, carrying the
 * original path as `redirect` by the same rules as loginRedirectFor.
 */
export function sessionRequiredRedirectFor(pathname: string, search = ''): string {
  const params = new URLSearchParams({ error: SESSION_REQUIRED_ERROR });
  const redirect = returnPathFor(pathname, search);
  if (redirect !== null) params.set('redirect', redirect);
  return `/login?${params}`;
}

const SAFE_PATH_BASE = 'http://redirect-check.invalid';
// In the path, a percent-encoded slash, backslash or control character could decode into `//`.
const ENCODED_SEPARATORS = /%(2f|5c|[01][0-9a-f]|7f)/i;

/** Browsers drop tabs and newlines from URLs: `/\t/evil.example` would become `//evil.example`. */
function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function isDotSegment(segment: string): boolean {
  const decoded = segment.replace(/%2e/gi, '.');
  return decoded === '.' || decoded === '..';
}

/**
 * Only same-origin relative paths may be used as a post-sign-in destination. Anything a browser,
 * the router or a later decoding could read as another origin falls back instead: no backslash or
 * control character anywhere, and in the path (before any query) no `//`, no dot segment and nothing
 * percent-encoded that decodes to one of those. The query may carry encoded values (`?next=%2Fleads`).
 */
export function safeRedirectPath(value: string | null | undefined, fallback = '/dashboard'): string {
  if (!value?.startsWith('/')) return fallback;
  if (value.includes('\\') || hasControlCharacter(value)) return fallback;
  const path = value.split(/[?#]/, 1)[0] ?? '';
  if (path.includes('//') || ENCODED_SEPARATORS.test(path)) return fallback;
  if (path.split('/').some(isDotSegment)) return fallback;
  // Last line of defence: the value must resolve to this origin with a single leading slash.
  try {
    const resolved = new URL(value, SAFE_PATH_BASE);
    if (resolved.origin !== SAFE_PATH_BASE || resolved.pathname.startsWith('//')) return fallback;
  } catch {
    return fallback;
  }
  return value;
}
