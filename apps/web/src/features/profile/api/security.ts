import { API_PATHS } from '@offplan/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiClientError, apiRequest } from '../../../lib/api-client.ts';
import { useRefreshSession } from '../hooks/use-refresh-session.ts';
import { accountSessionsQueryKey } from './account-sessions.ts';

/** better-auth's answer to a wrong current password; shown next to the password field. */
export const WRONG_PASSWORD_CODES = ['INVALID_PASSWORD', 'INVALID_CREDENTIALS'] as const;
export const WRONG_PASSWORD_MESSAGE = 'Your current password is not correct.';

/** better-auth says "Invalid password"; say what is wrong in the words the server's own checks use. */
export function withReadablePasswordError(error: ApiClientError): ApiClientError {
  if (
    !(WRONG_PASSWORD_CODES as readonly string[]).includes(error.code) ||
    error.message === WRONG_PASSWORD_MESSAGE
  )
    return error;
  return new ApiClientError({
    status: error.status,
    code: error.code,
    message: WRONG_PASSWORD_MESSAGE,
    fields: error.fields,
    requestId: error.requestId,
    cause: error,
  });
}

async function withPasswordErrors<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw error instanceof ApiClientError ? withReadablePasswordError(error) : error;
  }
}

export type ChangePasswordInput = {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
};

/** POST /api/auth/change-password. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await withPasswordErrors(
    apiRequest(API_PATHS.auth.changePassword, { method: 'POST', body: input, schema: z.unknown() }),
  );
}

/** Where the confirmation link of a new email address brings the user back to. */
export const CHANGE_EMAIL_CALLBACK = '/profile?page=security';

export type ChangeEmailInput = { newEmail: string; password: string };

/** POST /api/auth/change-email: a link goes to the new address; the email changes once it is opened. */
export async function changeEmail(input: ChangeEmailInput): Promise<void> {
  await withPasswordErrors(
    apiRequest(API_PATHS.auth.changeEmail, {
      method: 'POST',
      body: { ...input, callbackURL: CHANGE_EMAIL_CALLBACK },
      schema: z.unknown(),
    }),
  );
}

/** POST /api/auth/two-factor/enable or /disable (the enable call needs a verified phone). */
export async function setTwoStep(input: { enabled: boolean; password: string }): Promise<void> {
  await withPasswordErrors(
    apiRequest(API_PATHS.auth.twoFactor(input.enabled), {
      method: 'POST',
      body: { password: input.password },
      schema: z.unknown(),
    }),
  );
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  return useMutation<void, ApiClientError, ChangePasswordInput>({
    mutationFn: changePassword,
    onSuccess: async () => {
      await Promise.all([
        refreshSession(),
        queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
      ]);
    },
  });
}

export function useChangeEmail() {
  const refreshSession = useRefreshSession();
  return useMutation<void, ApiClientError, ChangeEmailInput>({
    mutationFn: changeEmail,
    onSuccess: refreshSession,
  });
}

export function useSetTwoStep() {
  const refreshSession = useRefreshSession();
  return useMutation<void, ApiClientError, { enabled: boolean; password: string }>({
    mutationFn: setTwoStep,
    onSuccess: refreshSession,
  });
}
