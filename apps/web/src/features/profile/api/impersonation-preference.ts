import { API_PATHS, impersonationPreferenceSchema } from '@offplan/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';
import { useRefreshSession } from '../hooks/use-refresh-session.ts';

/** POST /api/account/impersonation: the user's opt-out of being impersonated (design §1). */
export async function setImpersonationOptOut(optOut: boolean): Promise<void> {
  await apiRequest(API_PATHS.accountImpersonation, {
    method: 'POST',
    body: impersonationPreferenceSchema.parse({ optOut }),
    schema: z.unknown(),
  });
}

export function useSetImpersonationOptOut() {
  const refreshSession = useRefreshSession();
  return useMutation<void, ApiClientError, boolean>({
    mutationFn: setImpersonationOptOut,
    onSuccess: refreshSession,
  });
}
