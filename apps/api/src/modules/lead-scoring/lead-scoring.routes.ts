import { createRoute, z } from '@hono/zod-openapi';
import { scoringPreviewSchema, scoringRuleSchema, scoringRulesInputSchema } from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import { jsonBody, requirePlatformAdmin } from '../../middlewares/guards.ts';

/** /lead-scoring (design §3, §6): the rules that score every lead, edited by platform admins only. */

const rulesAnswerSchema = z.object({ rules: z.array(scoringRuleSchema) });
const rulesBody = {
  required: true,
  content: { 'application/json': { schema: scoringRulesInputSchema } },
} as const;

export const getScoringRules = createRoute({
  method: 'get',
  path: '/api/lead-scoring/rules',
  middleware: [requirePlatformAdmin] as const,
  tags: ['Lead scoring'],
  summary: 'The scoring rules, in the order they apply',
  responses: {
    200: jsonResponse(rulesAnswerSchema, 'The rules'),
    401: errorResponse('No session'),
    403: errorResponse('Not a platform admin'),
  },
});

export const putScoringRules = createRoute({
  method: 'put',
  path: '/api/lead-scoring/rules',
  middleware: [requirePlatformAdmin, jsonBody] as const,
  tags: ['Lead scoring'],
  summary: 'Replaces the whole rule set (positions follow the list) and re-scores open leads',
  description:
    'One transaction with an audit row. New leads are scored by the saved rules; leads received in the last 90 days that are not Settled or Lost are re-scored in the background (job lead-rescore); older and closed leads keep their scores.',
  request: { body: rulesBody },
  responses: {
    200: jsonResponse(rulesAnswerSchema, 'The saved rules'),
    400: errorResponse('Invalid rules (each field named)'),
    401: errorResponse('No session'),
    403: errorResponse('Not a platform admin'),
  },
});

export const postScoringPreview = createRoute({
  method: 'post',
  path: '/api/lead-scoring/preview',
  middleware: [requirePlatformAdmin, jsonBody] as const,
  tags: ['Lead scoring'],
  summary: 'How a rule set would re-score the most recent leads (writes nothing)',
  description: 'The 200 most recent leads across every organisation: current score beside the new one.',
  request: { body: rulesBody },
  responses: {
    200: jsonResponse(scoringPreviewSchema, 'The preview'),
    400: errorResponse('Invalid rules (each field named)'),
    401: errorResponse('No session'),
    403: errorResponse('Not a platform admin'),
  },
});
