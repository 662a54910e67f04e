import { API_PATHS } from '@offplan/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey } from './session.ts';

const chooseRoleAnswerSchema = z.object({ jobRoleId: z.number() });

/** POST /api/account/role: the job role chosen at /role (design §1). */
export function useChooseJobRole() {
  const queryClient = useQueryClient();
  return useMutation<z.infer<typeof chooseRoleAnswerSchema>, ApiClientError, { roleId: number }>({
    mutationFn: (body) =>
      apiRequest(API_PATHS.accountRole, { method: 'POST', body, schema: chooseRoleAnswerSchema }),
    // The session carries jobRoleId: the next guard reads it again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
