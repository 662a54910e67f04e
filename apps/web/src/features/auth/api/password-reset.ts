import { API_PATHS } from '@offplan/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';
import { clearUserData } from '../../../lib/query-client.ts';

const statusSchema = z.object({ status: z.boolean() });

/** POST /api/auth/request-password-reset: answers the same whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation<unknown, ApiClientError, { email: string }>({
    mutationFn: (body) =>
      apiRequest(API_PATHS.auth.requestPasswordReset, { method: 'POST', body, schema: statusSchema }),
  });
}

/** POST /api/auth/reset-password: sets the new password and signs that user out everywhere. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiClientError, { newPassword: string; token: string }>({
    mutationFn: (body) =>
      apiRequest(API_PATHS.auth.resetPassword, { method: 'POST', body, schema: statusSchema }),
    // Any session this tab knew about may have just ended.
    onSuccess: () => clearUserData(queryClient),
  });
}
