import {
  API_PATHS,
  gazetteerResponseSchema,
  type OrganisationDetails,
  type OrganisationDetailsFormValues,
  type OrganisationRole,
  organisationDetailsSchema,
  organisationLogoSchema,
  organisationMemberListSchema,
  organisationMemberSchema,
  organisationProjectListSchema,
} from '@offplan/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';

/** Every read of the organisation page: invalidating it refreshes details, counts, members and projects. */
export const organisationQueryKey = ['organisation'] as const;

/** GET /api/organisation: the caller's organisation. */
export function organisationQueryOptions() {
  return queryOptions({
    queryKey: [...organisationQueryKey, 'details'] as const,
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.organisation, { schema: organisationDetailsSchema, signal }),
  });
}

/** GET /api/organisation/members. */
export function organisationMembersQueryOptions() {
  return queryOptions({
    queryKey: [...organisationQueryKey, 'members'] as const,
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.organisationMembers, { schema: organisationMemberListSchema, signal }),
  });
}

/** GET /api/organisation/projects. */
export function organisationProjectsQueryOptions() {
  return queryOptions({
    queryKey: [...organisationQueryKey, 'projects'] as const,
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.organisationProjects, { schema: organisationProjectListSchema, signal }),
  });
}

function useRefreshOrganisation() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: organisationQueryKey });
}

/** PATCH /api/organisation. */
export function useUpdateOrganisation() {
  const refresh = useRefreshOrganisation();
  return useMutation<OrganisationDetails, ApiClientError, OrganisationDetailsFormValues>({
    mutationFn: (details) =>
      apiRequest(API_PATHS.organisation, {
        method: 'PATCH',
        body: details,
        schema: organisationDetailsSchema,
      }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/organisation/logo as multipart/form-data (field `file`). */
export function useUploadLogo() {
  const refresh = useRefreshOrganisation();
  return useMutation<{ logoUrl: string | null }, ApiClientError, File>({
    mutationFn: (file) => {
      const body = new FormData();
      body.append('file', file);
      return apiRequest(API_PATHS.organisationLogo, { method: 'POST', body, schema: organisationLogoSchema });
    },
    onSuccess: () => refresh(),
  });
}

/** DELETE /api/organisation/logo. */
export function useRemoveLogo() {
  const refresh = useRefreshOrganisation();
  return useMutation<{ logoUrl: string | null }, ApiClientError, void>({
    mutationFn: () =>
      apiRequest(API_PATHS.organisationLogo, { method: 'DELETE', schema: organisationLogoSchema }),
    onSuccess: () => refresh(),
  });
}

/** PATCH /api/organisation/members/{memberId}. */
export function useChangeMemberRole() {
  const refresh = useRefreshOrganisation();
  return useMutation<unknown, ApiClientError, { memberId: string; role: OrganisationRole }>({
    mutationFn: ({ memberId, role }) =>
      apiRequest(API_PATHS.organisationMember(memberId), {
        method: 'PATCH',
        body: { role },
        schema: organisationMemberSchema,
      }),
    onSettled: () => refresh(),
  });
}

/** DELETE /api/organisation/members/{memberId}. */
export function useRemoveMember() {
  const refresh = useRefreshOrganisation();
  return useMutation<unknown, ApiClientError, string>({
    mutationFn: (memberId) =>
      apiRequest(API_PATHS.organisationMember(memberId), { method: 'DELETE', schema: z.unknown() }),
    onSuccess: () => refresh(),
  });
}

/** GET /api/gazetteer?q=: Australian localities for the address's suburb. */
export function useLocalities(q: string) {
  const query = q.trim();
  // Follows what the user types: useQuery, no loader.
  return useQuery({
    queryKey: [...organisationQueryKey, 'localities', query] as const,
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.gazetteer, {
        query: { q: query, limit: 8 },
        schema: gazetteerResponseSchema,
        signal,
      }),
    enabled: query.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
