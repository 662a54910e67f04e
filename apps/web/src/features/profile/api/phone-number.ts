import { ACCOUNT_FORM_MESSAGES, API_PATHS } from '@offplan/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';
import { useRefreshSession } from '../hooks/use-refresh-session.ts';

export const PHONE_MESSAGES = {
  required: ACCOUNT_FORM_MESSAGES.mobileRequired,
  invalid: ACCOUNT_FORM_MESSAGES.mobileInvalid,
  codeRequired: ACCOUNT_FORM_MESSAGES.smsCodeRequired,
} as const;

/** better-auth's phone-number answers in words a user reads; anything else keeps the server's message. */
const PHONE_ERROR_MESSAGES: Record<string, string> = {
  INVALID_OTP: 'That code is not right. Check the SMS and try again.',
  OTP_EXPIRED: 'That code has expired. Send a new code.',
  OTP_NOT_FOUND: 'That code has expired. Send a new code.',
  TOO_MANY_ATTEMPTS: 'Too many tries with this code. Send a new code.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many tries with this code. Send a new code.',
  INVALID_PHONE_NUMBER: PHONE_MESSAGES.invalid,
  PHONE_NUMBER_EXIST: 'This number belongs to another account.',
};

export function phoneErrorMessage(error: ApiClientError): string {
  return PHONE_ERROR_MESSAGES[error.code] ?? error.message;
}

/** POST /api/auth/phone-number/send-otp: an SMS code to the number being added. */
export async function sendPhoneCode(phoneNumber: string): Promise<void> {
  await apiRequest(API_PATHS.auth.phoneSendOtp, {
    method: 'POST',
    body: { phoneNumber },
    schema: z.unknown(),
  });
}

/** POST /api/auth/phone-number/verify: the number becomes the user's, verified. */
export async function verifyPhoneCode(input: { phoneNumber: string; code: string }): Promise<void> {
  await apiRequest(API_PATHS.auth.phoneVerify, {
    method: 'POST',
    body: { ...input, updatePhoneNumber: true },
    schema: z.unknown(),
  });
}

export function useSendPhoneCode() {
  return useMutation<void, ApiClientError, string>({ mutationFn: sendPhoneCode });
}

export function useVerifyPhoneCode() {
  const refreshSession = useRefreshSession();
  return useMutation<void, ApiClientError, { phoneNumber: string; code: string }>({
    mutationFn: verifyPhoneCode,
    onSuccess: refreshSession,
  });
}
