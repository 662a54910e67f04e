/** Route rules of spec §2 and §4 that both the server and the web client apply. */

const PUBLIC_PREFIXES = ['/activate', '/forgot-password', '/terms', '/register', '/verify-email', '/connect'];

/** Spec §2 "Public routes": the listed paths and any path containing login, logout or users. */
export function isPublicPath(pathname: string): boolean {
  if (/login|logout|users/.test(pathname)) return true;
  return PUBLIC_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * Spec §4 session routing: where an unauthenticated visitor of `pathname` is sent.
 * The original path rides along as `redirect` unless it is the root, logout, or already carries one.
 */
export function loginRedirectFor(pathname: string, search = ''): string {
  const params = new URLSearchParams(search);
  if (pathname === '/' || pathname === '/logout' || params.has('redirect')) return '/login';
  return `/login?${new URLSearchParams({ redirect: pathname + search })}`;
}

/** Only same-origin relative paths may be used as a post-sign-in destination. */
export function safeRedirectPath(value: string | null | undefined, fallback = '/dashboard'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
