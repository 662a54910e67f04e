import { signOutOfServer } from '../../../lib/auth-client.ts';

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
