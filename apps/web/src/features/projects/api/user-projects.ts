import { API_PATHS, type UserProjectsOutput } from '@offplan/shared';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const userProjectsQueryKey = ['user-projects'] as const;

/** GET /api/user-projects (spec §7): the non-admin account state. Admins get 403; do not ask for them. */
export function userProjectsQueryOptions() {
  return queryOptions({
    queryKey: userProjectsQueryKey,
    queryFn: async ({ signal }): Promise<UserProjectsOutput> => {
      const response = await apiRequest(API_PATHS.userProjects, {
        schema: import('./user-projects-schema.ts').then((module) => module.userProjectsResponseSchema),
        signal,
      });
      return response.output;
    },
  });
}

export function useUserProjects() {
  return useSuspenseQuery(userProjectsQueryOptions());
}
