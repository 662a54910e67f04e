import { API_PATHS, type ScoringRuleInput, scoringPreviewSchema, scoringRuleSchema } from '@offplan/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';
import { leadsQueryKey } from './leads.ts';

export const scoringRulesAnswerSchema = z.object({ rules: z.array(scoringRuleSchema) });
export type ScoringRulesAnswer = z.output<typeof scoringRulesAnswerSchema>;

const scoringRulesQueryKey = ['lead-scoring', 'rules'] as const;

/** GET /api/lead-scoring/rules (platform admins): the rule set in the order it is applied. */
export function scoringRulesQueryOptions() {
  return queryOptions({
    queryKey: scoringRulesQueryKey,
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.leadScoringRules, { schema: scoringRulesAnswerSchema, signal }),
  });
}

/** POST /api/lead-scoring/preview: how a draft would re-score the most recent leads; nothing is saved. */
export function usePreviewScoringRules() {
  return useMutation<z.output<typeof scoringPreviewSchema>, ApiClientError, ScoringRuleInput[]>({
    mutationFn: (rules) =>
      apiRequest(API_PATHS.leadScoringPreview, {
        method: 'POST',
        body: { rules },
        schema: scoringPreviewSchema,
      }),
  });
}

/**
 * PUT /api/lead-scoring/rules: replaces the rule set. Leads shown anywhere may now score differently,
 * so every leads read is refreshed.
 */
export function useSaveScoringRules() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiClientError, ScoringRuleInput[]>({
    mutationFn: (rules) =>
      apiRequest(API_PATHS.leadScoringRules, { method: 'PUT', body: { rules }, schema: z.unknown() }),
    onSuccess: async (answer) => {
      const saved = scoringRulesAnswerSchema.safeParse(answer);
      if (saved.success) queryClient.setQueryData(scoringRulesQueryKey, saved.data);
      else await queryClient.invalidateQueries({ queryKey: scoringRulesQueryKey });
      await queryClient.invalidateQueries({ queryKey: leadsQueryKey });
    },
  });
}
