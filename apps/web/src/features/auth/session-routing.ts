import { loginRedirectFor, safeRedirectPath, VERIFY_EMAIL_PATH } from '@offplan/shared';

export const DEFAULT_SIGNED_IN_PATH = '/dashboard';

type GuardLocation = { pathname: string; searchStr: string };
type GuardSession = { user: { emailVerified: boolean } } | null;

/**
 * The main layout's guard (spec §4 session routing). Every page it renders needs a signed-in user with a verified email,
 * even one on a path the spec calls public (any path containing "users", such as /users): signed
 * out → sign-in (with a redirect back), unverified → /verify-email, whatever the path.
 */
export function mainLayoutAccess<TSession extends NonNullable<GuardSession>>(
  location: GuardLocation,
  session: TSession | null,
): { redirect: string } | { session: TSession } {
  if (!session) return { redirect: loginRedirectFor(location.pathname, location.searchStr) };
  if (!session.user.emailVerified) return { redirect: VERIFY_EMAIL_PATH };
  return { session };
}

/** Where to go after signing in: the validated `redirect`, never back into sign-in or sign-out. */
export function postSignInPath(redirect: string | null | undefined): string {
  const target = safeRedirectPath(redirect, DEFAULT_SIGNED_IN_PATH);
  const pathname = target.split(/[?#]/)[0] ?? '';
  if (pathname === '/login' || pathname.startsWith('/login/') || pathname === '/logout')
    return DEFAULT_SIGNED_IN_PATH;
  return target;
}
