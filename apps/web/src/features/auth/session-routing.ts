import { isPublicPath, loginRedirectFor, safeRedirectPath } from '@offplan/shared';

export const VERIFY_EMAIL_PATH = '/verify-email';
export const DEFAULT_SIGNED_IN_PATH = '/dashboard';

type GuardLocation = { pathname: string; searchStr: string };
type GuardSession = { user: { emailVerified: boolean } } | null;

/**
 * Spec §4 session routing: where a visitor of `location` must go instead, or null to stay.
 * Unauthenticated on a non-public path → sign-in (with a redirect back); signed in with an
 * unverified email on a non-public path → /verify-email.
 */
export function sessionRedirect(location: GuardLocation, session: GuardSession): string | null {
  if (isPublicPath(location.pathname)) return null;
  if (!session) return loginRedirectFor(location.pathname, location.searchStr);
  if (!session.user.emailVerified) return VERIFY_EMAIL_PATH;
  return null;
}

/** Where to go after signing in: the validated `redirect`, never back into sign-in or sign-out. */
export function postSignInPath(redirect: string | null | undefined): string {
  const target = safeRedirectPath(redirect, DEFAULT_SIGNED_IN_PATH);
  const pathname = target.split(/[?#]/)[0] ?? '';
  if (pathname === '/login' || pathname.startsWith('/login/') || pathname === '/logout')
    return DEFAULT_SIGNED_IN_PATH;
  return target;
}
