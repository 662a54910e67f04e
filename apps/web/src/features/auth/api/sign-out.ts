import { analytics } from '../../../lib/analytics/tracker.ts';
import { signOutOfServer } from '../../../lib/auth-client.ts';
import { logoutCleanup } from '../../../stores/logout-cleanup.ts';

let inFlight: Promise<void> | null = null;

/**
 * Ends the session on the server. Never fails: a sign-out that cannot reach the server still
 * signs the user out of this tab. Concurrent calls share one request.
 */
export function signOut(): Promise<void> {
  inFlight ??= signOutOfServer()
    .catch(() => undefined)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** How long a sign-out waits for the analytics events still queued (they need the user's session). */
const SIGN_OUT_FLUSH_WAIT_MS = 2000;

/**
 * The client's side of every sign-out (/logout and 'Return to Admin'): queued analytics events leave
 * while the session still names their user, the server session ends, the next visitor on this browser
 * gets a new analytics device id and session, and spec §4's "Logout cleanup" runs.
 */
export async function endUserSession(endServerSession: () => Promise<unknown> = signOut): Promise<void> {
  await analytics.flush({ maxWaitMs: SIGN_OUT_FLUSH_WAIT_MS });
  await endServerSession();
  analytics.reset();
  logoutCleanup();
}
