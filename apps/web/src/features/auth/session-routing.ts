import { isPlatformAdmin, loginRedirectFor, safeRedirectPath, VERIFY_EMAIL_PATH } from '@offplan/shared';

/** A portal user's home (spec §4). */
export const DEFAULT_SIGNED_IN_PATH = '/dashboard';
/** A platform admin's home (issue 22 part 4): the dashboard has nothing for them. */
export const ADMIN_HOME_PATH = '/users';
/** The home route: it sends each signed-in user to their home (homePathFor). */
export const HOME_ROUTE_PATH = '/';
/** Design §1: the job role is chosen here after registering or activating an invitation. */
export const CHOOSE_ROLE_PATH = '/role';
/** Design §1: where 'Return to Admin' lands when the server names no safe place. */
export const ADMIN_RETURN_PATH = '/users';

type GuardLocation = { pathname: string; searchStr: string };
type GuardSession = {
  user: { emailVerified: boolean; role?: string | null; jobRoleId?: number | null };
  session?: { impersonatedBy?: string | null };
} | null;

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
  // A portal user who never picked a job role (left after verifying, or invited) picks it first:
  // analytics and lead masking depend on it. Not admins, and not an admin acting as the user.
  const needsRole =
    session.user.jobRoleId == null && !isPlatformAdmin(session.user) && !session.session?.impersonatedBy;
  if (needsRole && location.pathname !== CHOOSE_ROLE_PATH) {
    return { redirect: CHOOSE_ROLE_PATH };
  }
  return { session };
}

type RoleHolder = { role?: string | null };

/** A signed-in user's home: /users for a platform admin (issue 22 part 4), else the dashboard. */
export function homePathFor(user: RoleHolder): string {
  return isPlatformAdmin(user) ? ADMIN_HOME_PATH : DEFAULT_SIGNED_IN_PATH;
}

/**
 * Where to go after signing in: the validated `redirect`, never back into sign-in or sign-out. Without
 * one, the user's home; when the user is not known yet (just signed in), the home route, which picks it.
 */
export function postSignInPath(redirect: string | null | undefined, user?: RoleHolder | null): string {
  const home = user ? homePathFor(user) : HOME_ROUTE_PATH;
  const target = safeRedirectPath(redirect, home);
  const pathname = target.split(/[?#]/)[0] ?? '';
  if (pathname === '/login' || pathname.startsWith('/login/') || pathname === '/logout') return home;
  return target;
}

/** Where a signed-in user who opens a signed-out page (such as /register) belongs. */
export function signedInHomePath(user: { emailVerified: boolean } & RoleHolder): string {
  return user.emailVerified ? homePathFor(user) : VERIFY_EMAIL_PATH;
}

/**
 * Where the verification link leads once the address is confirmed: /role until a job role is
 * chosen, else the dashboard. Without a readable session, sign-in first, then /role (a role already
 * chosen shows there as selected).
 */
export function postVerificationPath(
  session: { user: { jobRoleId?: number | null } & RoleHolder } | null,
): string {
  if (!session) return loginRedirectFor(CHOOSE_ROLE_PATH);
  if (isPlatformAdmin(session.user)) return ADMIN_HOME_PATH;
  return session.user.jobRoleId == null ? CHOOSE_ROLE_PATH : DEFAULT_SIGNED_IN_PATH;
}

/**
 * Where /connect sends the admin once their own session is back: the server's `redirectTo` (spec §6:
 * /users) when coming back with returnToUsers, else the dashboard. Never another origin.
 */
export function adminReturnPath(redirectTo: string, returnToUsers: boolean): string {
  if (!returnToUsers) return DEFAULT_SIGNED_IN_PATH;
  return safeRedirectPath(redirectTo, ADMIN_RETURN_PATH);
}
