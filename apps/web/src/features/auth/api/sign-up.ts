import { API_PATHS } from '@offplan/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { analytics } from '../../../lib/analytics/tracker.ts';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';
import { clearUserData } from '../../../lib/query-client.ts';

export type SignUpDetails = {
  firstName: string;
  lastName: string;
  email: string;
  /** E.164; left out when not given. */
  phoneNumber?: string | undefined;
  companyName: string;
  password: string;
};

/**
 * POST /api/auth/sign-up/email: creates the account and signs it in, unverified; the verification
 * email is on its way. Refusals carry `fields` for the form (a common password, the terms).
 */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiClientError, SignUpDetails>({
    mutationFn: (details) =>
      apiRequest(API_PATHS.auth.signUpEmail, {
        method: 'POST',
        body: { ...details, name: `${details.firstName} ${details.lastName}`, acceptTerms: true },
        schema: z.unknown(),
      }),
    onSuccess: () => {
      clearUserData(queryClient);
      analytics.track('portal_user_signup');
    },
  });
}
