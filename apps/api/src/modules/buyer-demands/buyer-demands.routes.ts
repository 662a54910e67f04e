import { createRoute } from '@hono/zod-openapi';
import {
  BUYER_DEMAND_PATHS,
  buyerDemandAnswerSchema,
  buyerDemandQuerySchema,
  MARKETPLACE_SEARCH_BODY_MAX,
  MARKETPLACE_SEARCHES_PER_ADDRESS_PER_MINUTE,
  marketplaceSearchAnswerSchema,
  marketplaceSearchBatchSchema,
} from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import { limitBody, requirePermission, requirePlatformAdmin } from '../../middlewares/guards.ts';

/** /buyer-demands (issue 19, decision 035): what buyers ask for, from enquiries and marketplace searches. Route contracts. */

export const getBuyerDemands = createRoute({
  method: 'get',
  path: BUYER_DEMAND_PATHS.buyerDemands,
  middleware: [requirePlatformAdmin, requirePermission('reporting.view')] as const,
  tags: ['Reporting'],
  summary: 'Buyer demand beside supply, grouped by suburb, state, bedrooms, budget band or buyer type',
  description:
    'Demand is the enquiries (leads) and marketplace searches of the period (calendar days in Australia/Sydney), read from the day and month counts `buyer_demand_counts`. Supply is what is for sale now: listed projects and their configurations with units in stock. Rows where demand outruns supply (demand at least the units in stock, or demand and no stock) come first.',
  request: { query: buyerDemandQuerySchema },
  responses: {
    200: jsonResponse(buyerDemandAnswerSchema, 'Demand and supply per group'),
    400: errorResponse('Invalid period or filter (field named): e.g. the end date before the start date'),
    401: errorResponse('No session'),
    403: errorResponse('Not a platform admin with reporting.view (also while impersonating someone)'),
  },
});

/**
 * No guard: the public marketplace is another site, and its buyers have no account. Its server (or
 * its pages, from an origin in TRUSTED_ORIGINS) reports searches; the limit per client address is
 * counted with the searches, in the one statement that stores them.
 */
export const postMarketplaceSearches = createRoute({
  method: 'post',
  path: BUYER_DEMAND_PATHS.marketplaceSearches,
  middleware: [limitBody(MARKETPLACE_SEARCH_BODY_MAX)] as const,
  tags: ['Reporting'],
  summary: 'Records what buyers searched for on the public marketplace',
  description: `A batch is stored whole or not at all. Searches older than 7 days or in the future are left out and not counted in \`stored\`. Per client address at most ${MARKETPLACE_SEARCHES_PER_ADDRESS_PER_MINUTE} searches a minute, across processes.`,
  request: {
    body: { required: true, content: { 'application/json': { schema: marketplaceSearchBatchSchema } } },
  },
  responses: {
    202: jsonResponse(marketplaceSearchAnswerSchema, 'Accepted: `stored` searches were kept'),
    400: errorResponse('Malformed batch (with `fields`), or not JSON'),
    403: errorResponse('Sent by a page of a site not trusted'),
    413: errorResponse(`Body larger than ${MARKETPLACE_SEARCH_BODY_MAX} bytes`),
    429: errorResponse('Too many searches from this address this minute (Retry-After)'),
  },
});
