import { IMPERSONATION_MAX_SECONDS } from '@offplan/shared';

/**
 * Design §1: acting as a user lasts at most an hour from its start, whatever refreshed the session
 * since. One rule for the three places that hold it (issue 15, finding 6): the session's expiry is
 * never set past it (auth.ts database hooks), better-auth's routes refuse a session past it
 * (auth.hooks.ts), and so do the portal's own routes (middlewares/session.ts `loadSession`).
 */
export const impersonationEndsAt = (createdAt: Date | string) =>
  new Date(new Date(createdAt).getTime() + IMPERSONATION_MAX_SECONDS * 1000);

/** Whether a session is an impersonation past its hour. */
export const impersonationOver = (
  session: { impersonatedBy?: string | null; createdAt: Date | string },
  now = Date.now(),
) => Boolean(session.impersonatedBy) && now > impersonationEndsAt(session.createdAt).getTime();
