import { useMutation, useQueryClient } from '@tanstack/react-query';
import { analytics } from '../../../lib/analytics/tracker.ts';
import type { ApiClientError } from '../../../lib/api-client.ts';
import { preloadAuthClient, type SignInResult, signInWithEmail } from '../../../lib/auth-client.ts';
import { clearUserData } from '../../../lib/query-client.ts';

export type SignInCredentials = { email: string; password: string };

/** Starts loading what signing in needs without waiting for it (the form calls it on first interaction). */
export function prepareSignIn(): void {
  preloadAuthClient();
}

/**
 * Email + password sign-in through better-auth; failures arrive as ApiClientError with the server's
 * message. With two-step sign-in on, the answer asks for a code instead (`twoFactorRequired`).
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation<SignInResult, ApiClientError, SignInCredentials>({
    mutationFn: signInWithEmail,
    onSuccess: (result) => {
      // Whatever was cached belonged to nobody or to someone else; guards re-read the new session.
      clearUserData(queryClient);
      // With two-step sign-in on, the user is signed in only once the code is accepted (two-factor.ts).
      if (!result.twoFactorRequired) analytics.track('portal_user_login', { two_step: false });
    },
  });
}
