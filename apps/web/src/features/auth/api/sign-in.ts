import { useMutation, useQueryClient } from '@tanstack/react-query';
import { analytics } from '../../../lib/analytics/tracker.ts';
import type { ApiClientError } from '../../../lib/api-client.ts';
import { preloadAuthClient, type SignInResult, signInWithEmail } from '../../../lib/auth-client.ts';
import { clearUserData } from '../../../lib/query-client.ts';

export type SignInCredentials = { email: string; password: string };

type SignInValidation = typeof import('../sign-in-validation.ts').validateSignIn;
let validation: SignInValidation | undefined;
let validationLoading: Promise<SignInValidation> | undefined;

/**
 * The sign-in form's checks (the shared schema, `sign-in-validation.ts`), loaded like better-auth's
 * client on the first touch of the form (issue 21): the sign-in page paints without a schema library.
 */
export function loadSignInValidation(): Promise<SignInValidation> {
  validationLoading ??= import('../sign-in-validation.ts').then(
    (module) => {
      validation = module.validateSignIn;
      return module.validateSignIn;
    },
    (error: unknown) => {
      // A failed load is tried again by the next touch or submit.
      validationLoading = undefined;
      throw error;
    },
  );
  return validationLoading;
}

/**
 * The form's `validate`: the loaded checks, or none before they have loaded. The form's submit waits
 * for them (`loadSignInValidation`); if they cannot load, the server's field messages stand in.
 */
export function validateSignInForm(values: SignInCredentials) {
  return validation ? validation(values) : {};
}

/** Starts loading what signing in needs without waiting for it (the form calls it on first interaction). */
export function prepareSignIn(): void {
  preloadAuthClient();
  loadSignInValidation().catch(() => undefined);
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
