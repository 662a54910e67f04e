import type { AuthSession } from '@offplan/shared';
import { API_PATHS } from '@offplan/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';
import { verifyEmailToken } from '../../../lib/auth-client.ts';
import { clearUserData } from '../../../lib/query-client.ts';
import { sessionQueryOptions } from './session.ts';

const statusSchema = z.object({ status: z.boolean() });

/** POST /api/auth/send-verification-email: a new link to the address (429 when asked too often). */
export function useResendVerificationEmail() {
  return useMutation<unknown, ApiClientError, { email: string }>({
    mutationFn: (body) =>
      apiRequest(API_PATHS.auth.sendVerificationEmail, { method: 'POST', body, schema: statusSchema }),
  });
}

/**
 * GET /api/auth/verify-email?token=: confirms the address and signs the user in. Answers the new
 * session (null if it cannot be read), read afresh: the one cached before belonged to the state
 * before verifying, perhaps to someone else.
 */
export function useVerifyEmailToken() {
  const queryClient = useQueryClient();
  return useMutation<AuthSession | null, ApiClientError, string>({
    mutationFn: async (token) => {
      await verifyEmailToken(token);
      clearUserData(queryClient);
      return queryClient.fetchQuery(sessionQueryOptions()).catch(() => null);
    },
  });
}
