import { createRoute, z } from '@hono/zod-openapi';
import {
  API_KEYS_MAX,
  API_PATHS,
  apiKeyInputSchema,
  apiKeyListSchema,
  createdApiKeySchema,
  recordIdParam,
} from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import { jsonBody, requirePermission } from '../../middlewares/guards.ts';

/**
 * Organisation API keys for the lead API (issue 18, decision 029): owners and admins (`crm.manage`)
 * manage their own organisation's, the one of their oldest membership. Another organisation's key
 * answers 404, never 403, so ids reveal nothing.
 */

const guarded = {
  401: errorResponse('No session'),
  403: errorResponse('Not an owner or admin of an organisation (crm.manage), or no organisation'),
};

export const getApiKeys = createRoute({
  method: 'get',
  path: API_PATHS.apiKeys,
  middleware: [requirePermission('crm.manage')] as const,
  tags: ['CRM'],
  summary: "The organisation's API keys that are not revoked, newest first",
  description:
    'Keys are never listed: only their first characters (`prefix`), who made them and when they were last used.',
  responses: { 200: jsonResponse(apiKeyListSchema, 'Keys'), ...guarded },
});

export const postApiKey = createRoute({
  method: 'post',
  path: API_PATHS.apiKeys,
  middleware: [requirePermission('crm.manage'), jsonBody] as const,
  tags: ['CRM'],
  summary: 'Makes an API key for the lead API; the key is answered this once',
  description:
    'READ keys read leads (GET /api/v1/leads); WRITE keys also create them (POST). Only the key’s ' +
    `SHA-256 is kept. At most ${API_KEYS_MAX} keys that are not revoked. Audited.`,
  request: {
    body: { required: true, content: { 'application/json': { schema: apiKeyInputSchema } } },
  },
  responses: {
    201: jsonResponse(createdApiKeySchema, 'The key and, this once, its secret value'),
    400: errorResponse('Invalid body, or too many keys'),
    ...guarded,
  },
});

export const deleteApiKey = createRoute({
  method: 'delete',
  path: '/api/crm/api-keys/{id}',
  middleware: [requirePermission('crm.manage')] as const,
  tags: ['CRM'],
  summary: 'Revokes an API key: it stops working at once and is not listed again; audited',
  request: { params: z.object({ id: recordIdParam }) },
  responses: {
    204: { description: 'Revoked' },
    400: errorResponse('Invalid id'),
    ...guarded,
    404: errorResponse("No such key in the caller's organisation (or revoked already)"),
  },
});
