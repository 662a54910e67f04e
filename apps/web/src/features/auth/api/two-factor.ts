import { useMutation, useQueryClient } from '@tanstack/react-query';
import { analytics } from '../../../lib/analytics/tracker.ts';
import type { ApiClientError } from '../../../lib/api-client.ts';
import { sendTwoFactorCode, verifyTwoFactorCode } from '../../../lib/auth-client.ts';
import { clearUserData } from '../../../lib/query-client.ts';

/** What the API answers for a wrong, expired or exhausted code (the message says which). */
export const SIGN_IN_CODE_ERRORS = ['INVALID_CODE', 'OTP_HAS_EXPIRED', 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE'];

/** better-auth's code for a missing or expired two-factor cookie. */
export const SIGN_IN_STEP_EXPIRED_CODE = 'INVALID_TWO_FACTOR_COOKIE';

/**
 * Whether the short-lived two-factor cookie set by sign-in is gone (expired, or the page was opened
 * without signing in first): no code can help then, only signing in again. A refused code is not,
 * whatever its status (better-auth answers a wrong code with 401).
 */
export function isSignInStepExpired(error: ApiClientError): boolean {
  if (SIGN_IN_CODE_ERRORS.includes(error.code)) return false;
  if (error.code === SIGN_IN_STEP_EXPIRED_CODE || error.status === 401) return true;
  return error.status === 400 && !error.fields;
}

/** POST /api/auth/two-factor/send-otp: texts a 6-digit code to the phone of the user half-way through sign-in. */
export function useSendSignInCode() {
  return useMutation<void, ApiClientError, void>({ mutationFn: sendTwoFactorCode });
}

/** POST /api/auth/two-factor/verify-otp: the code finishes sign-in; the session cookie comes back. */
export function useVerifySignInCode() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiClientError, { code: string }>({
    mutationFn: ({ code }) => verifyTwoFactorCode(code),
    onSuccess: () => {
      // Whatever was cached belonged to nobody or to someone else; guards re-read the new session.
      clearUserData(queryClient);
      analytics.track('portal_user_login', { two_step: true });
    },
  });
}
