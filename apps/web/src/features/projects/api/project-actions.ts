import {
  claimProjectResponseSchema,
  memberUpdateResponseSchema,
  PROJECT_API_PATHS,
  type ProjectSummary,
  projectAccessRequestResponseSchema,
} from '@offplan/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { userProjectsQueryKey } from './user-projects.ts';

/** Everything that shows who has which project; refreshed after a claim, request, withdrawal or decision. */
export async function invalidateProjectAccess(queryClient: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: userProjectsQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['projects'] }),
    queryClient.invalidateQueries({ queryKey: ['access-requests'] }),
    queryClient.invalidateQueries({ queryKey: ['listings'] }),
  ]);
}

type ClaimInput = {
  project: Pick<ProjectSummary, 'id' | 'name' | 'campaignType'>;
  recommendedProjects: number[];
  organisation: { id: string; name: string } | null;
};

/** POST /api/project?op=claim_project&project_id= (spec §7). Another organisation's project becomes a request. */
export function claimProject(input: ClaimInput) {
  return apiRequest(PROJECT_API_PATHS.claim(input.project.id), {
    method: 'POST',
    body: {
      projectName: input.project.name,
      recommendedProjects: input.recommendedProjects,
      organisation: input.organisation,
      campaignType: input.project.campaignType,
    },
    schema: claimProjectResponseSchema,
  });
}

/** POST /api/v1/projects/request (spec §7): asks for access; pending (status 0) until decided. */
export function requestProjectAccess(projectId: number) {
  return apiRequest(PROJECT_API_PATHS.request, {
    method: 'POST',
    body: { drupal_project_id: projectId, status: 0 },
    schema: projectAccessRequestResponseSchema,
  });
}

/** POST /api/project/memberupdate (spec §7): withdraws a pending access request. */
export function withdrawAccessRequest(requestId: number) {
  return apiRequest(PROJECT_API_PATHS.memberUpdate, {
    method: 'POST',
    body: { data: { op: 'delete', id: requestId } },
    schema: memberUpdateResponseSchema,
  });
}

/**
 * What a caller does when the call ends. These run from the mutation itself, so they still run when
 * the button that started it is gone (a claimed card leaves the recommended list as the counts reload).
 */
export type ActionCallbacks<TAnswer, TInput> = {
  onSuccess?: (answer: TAnswer, input: TInput) => void;
  onError?: (error: Error, input: TInput) => void;
};

export function useClaimProject(
  callbacks: ActionCallbacks<Awaited<ReturnType<typeof claimProject>>, ClaimInput> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimProject,
    onSuccess: (answer, input) => {
      callbacks.onSuccess?.(answer, input);
      return invalidateProjectAccess(queryClient);
    },
    onError: (error, input) => callbacks.onError?.(error, input),
  });
}

export function useRequestProjectAccess(
  callbacks: ActionCallbacks<Awaited<ReturnType<typeof requestProjectAccess>>, number> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestProjectAccess,
    onSuccess: (answer, input) => {
      callbacks.onSuccess?.(answer, input);
      return invalidateProjectAccess(queryClient);
    },
    onError: (error, input) => callbacks.onError?.(error, input),
  });
}

export function useWithdrawAccessRequest(
  callbacks: ActionCallbacks<Awaited<ReturnType<typeof withdrawAccessRequest>>, number> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawAccessRequest,
    onSuccess: (answer, input) => {
      callbacks.onSuccess?.(answer, input);
      return invalidateProjectAccess(queryClient);
    },
    onError: (error, input) => callbacks.onError?.(error, input),
  });
}
