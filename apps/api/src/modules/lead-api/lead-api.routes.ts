import { createRoute } from '@hono/zod-openapi';
import {
  API_PATHS,
  LEAD_API_PAGE_SIZE_MAX,
  LEAD_API_RATE_PER_MINUTE,
  LEAD_API_WINDOW_DAYS,
  leadApiCreatedSchema,
  leadApiInputSchema,
  leadApiPageSchema,
  leadApiQuerySchema,
} from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import { jsonBody } from '../../middlewares/guards.ts';
import { apiKeyAuth, LEAD_API_SECURITY_SCHEME, requireWriteKey } from './api-key-auth.ts';

/**
 * The lead API (issue 18, decision 029) for CRMs and other lead sources: an organisation API key
 * (`Authorization: Bearer opk_…`) instead of a session, so servers call it without a browser.
 */

const keyed = {
  401: errorResponse('No API key, or an unknown or revoked one'),
  429: errorResponse(
    `More than ${LEAD_API_RATE_PER_MINUTE} requests this minute with this key (Retry-After)`,
  ),
};
const security = [{ [LEAD_API_SECURITY_SCHEME]: [] }];

export const getLeadApi = createRoute({
  method: 'get',
  path: API_PATHS.leadApi,
  middleware: [apiKeyAuth] as const,
  security,
  tags: ['Lead API'],
  summary: "The key's organisation's leads since a moment, oldest first",
  description:
    `Leads of the organisation's projects created at or after \`since\` (ISO 8601; default and earliest ` +
    `${LEAD_API_WINDOW_DAYS} days ago), oldest first, at most \`limit\` (${LEAD_API_PAGE_SIZE_MAX}) a page. ` +
    'Pass `nextCursor` back as `cursor` for the next page, with the same `since`. Items are the payload ' +
    'webhooks send.',
  request: { query: leadApiQuerySchema },
  responses: {
    200: jsonResponse(leadApiPageSchema, 'One page of leads'),
    400: errorResponse('Invalid query: `since` not a date or too long ago, or a cursor not of this API'),
    ...keyed,
  },
});

export const postLeadApi = createRoute({
  method: 'post',
  path: API_PATHS.leadApi,
  middleware: [apiKeyAuth, requireWriteKey, jsonBody] as const,
  security,
  tags: ['Lead API'],
  summary: 'Adds a lead from another source through the enquiry intake (WRITE keys)',
  description:
    'The same intake as the listing’s enquiry form, with source `api`: a repeat from the same buyer on the ' +
    'project within 24 hours merges into their lead (`merged: true`); a new lead is scored, notified and ' +
    'delivered to the CRM destinations. At most 5 an hour per buyer email.',
  request: { body: { required: true, content: { 'application/json': { schema: leadApiInputSchema } } } },
  responses: {
    201: jsonResponse(leadApiCreatedSchema, 'Stored (committed): the lead, new or merged into'),
    400: errorResponse('Invalid body (with `fields`)'),
    403: errorResponse('A READ key'),
    404: errorResponse('No such project of the key’s organisation on the marketplace'),
    409: errorResponse('The listing takes no enquiries (sold out)'),
    413: errorResponse('Body too large'),
    ...keyed,
    429: errorResponse('Too many requests with this key, or leads for this buyer email (Retry-After)'),
  },
});
