/** What other features may use of auth (decision 024: features meet only through their index). */

export { displayName, initialsOf, sessionQueryKey, sessionQueryOptions } from './api/session.ts';
export { endUserSession } from './api/sign-out.ts';
