import { createRoute, z } from '@hono/zod-openapi';
import { API_PATHS, LEAD_API_RATE_PER_MINUTE } from '@offplan/shared';
import { errorResponse } from '../../lib/router.ts';
import { apiKeyAuth, LEAD_API_SECURITY_SCHEME } from '../lead-api/api-key-auth.ts';

/**
 * The listing feed (issue 18 item 6, decision 029 "Listing feed (REAXML)"): the organisation's listings
 * as REAXML, for portals and CRMs to import. The lead API's key and limit: a READ or a WRITE key.
 */
export const getListingFeed = createRoute({
  method: 'get',
  path: API_PATHS.listingFeed,
  middleware: [apiKeyAuth] as const,
  security: [{ [LEAD_API_SECURITY_SCHEME]: [] }],
  tags: ['Listing feed'],
  summary: "The key's organisation's listings as REAXML, one <residential> per configuration",
  description:
    'A REAXML `propertyList` (DOCTYPE of the published propertyList.dtd) holding one `residential` per ' +
    'configuration of each of the organisation’s projects, `uniqueID` `{projectId}-{configurationId}` ' +
    '(stable). Status: `current` while on the marketplace, `sold` when sold out, `withdrawn` when hidden ' +
    'or not proceeding (ids only). Dates are UTC, `YYYY-MM-DD-HH:mm:ss`.',
  responses: {
    200: {
      description: 'REAXML (UTF-8)',
      content: { 'application/xml': { schema: z.string() } },
    },
    401: errorResponse('No API key, or an unknown or revoked one'),
    429: errorResponse(
      `More than ${LEAD_API_RATE_PER_MINUTE} requests this minute with this key (Retry-After)`,
    ),
  },
});
