import { API_PATHS, type FeedbackInput, feedbackListSchema } from '@offplan/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';

export const feedbackListQueryKey = ['feedback', 'list'] as const;

/** GET /api/feedback (admins): the latest feedback, newest first. */
export function feedbackListQueryOptions() {
  return queryOptions({
    queryKey: feedbackListQueryKey,
    queryFn: ({ signal }) => apiRequest(API_PATHS.feedback, { schema: feedbackListSchema, signal }),
  });
}

/** POST /api/feedback: kept and emailed to the team. */
export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation<{ id: string }, ApiClientError, FeedbackInput>({
    mutationFn: (body) =>
      apiRequest(API_PATHS.feedback, { method: 'POST', body, schema: z.object({ id: z.string() }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackListQueryKey }),
  });
}
