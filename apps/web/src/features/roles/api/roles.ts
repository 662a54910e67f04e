import {
  type Permission,
  type PermissionSetsAnswer,
  permissionSetSchema,
  permissionSetsAnswerSchema,
  ROLES_API_PATHS,
} from '@offplan/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';

const rolesQueryKey = ['admin', 'roles'] as const;
type SetAnswer = z.output<typeof permissionSetSchema>;

/** GET /api/admin/roles (platform admins with settings.manage): the permissions and every set. */
export function rolesQueryOptions() {
  return queryOptions({
    queryKey: rolesQueryKey,
    queryFn: ({ signal }) =>
      apiRequest(ROLES_API_PATHS.roles, { schema: permissionSetsAnswerSchema, signal }),
  });
}

/** The saved set in place of its old self in the cached list. */
function useReplaceSet() {
  const queryClient = useQueryClient();
  return (saved: SetAnswer) =>
    queryClient.setQueryData<PermissionSetsAnswer>(rolesQueryKey, (answer) =>
      answer ? { ...answer, sets: answer.sets.map((set) => (set.key === saved.key ? saved : set)) } : answer,
    );
}

/** PUT /api/admin/roles/{setKey}: replaces a set's permissions; applies on everyone's next request. */
export function useSaveRole() {
  const replace = useReplaceSet();
  return useMutation<SetAnswer, ApiClientError, { key: string; permissions: Permission[] }>({
    mutationFn: ({ key, permissions }) =>
      apiRequest(ROLES_API_PATHS.role(key), {
        method: 'PUT',
        body: { permissions },
        schema: permissionSetSchema,
      }),
    onSuccess: replace,
  });
}

/** DELETE /api/admin/roles/{setKey}: back to the set's starting permissions. */
export function useResetRole() {
  const replace = useReplaceSet();
  return useMutation<SetAnswer, ApiClientError, { key: string }>({
    mutationFn: ({ key }) =>
      apiRequest(ROLES_API_PATHS.role(key), { method: 'DELETE', schema: permissionSetSchema }),
    onSuccess: replace,
  });
}
