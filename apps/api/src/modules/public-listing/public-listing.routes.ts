import { createRoute, z } from '@hono/zod-openapi';
import { AUSTRALIAN_STATES, text } from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';

const STATE_PREFIXES = AUSTRALIAN_STATES.map((state) => state.toLowerCase()).join('|');
/** Only `/{state}/{slug}` with a lower-case state: every other path stays the web app's. */
export const PUBLIC_LISTING_ROUTE = `/:prefix{(?:${STATE_PREFIXES})}/:slug{[a-z0-9][a-z0-9-]{0,199}}`;
export const PUBLIC_LISTING_PATH = new RegExp(`^/(?:${STATE_PREFIXES})/[a-z0-9][a-z0-9-]{0,199}$`);

const purgeQuerySchema = z.object({
  path: text()
    .regex(PUBLIC_LISTING_PATH, 'must be a public listing path /{state}/{slug}')
    .openapi({ example: '/nsw/harbour-residences-pyrmont' }),
  t: text().max(40).optional().openapi({ description: 'Timestamp (spec §7); only defeats caches' }),
  token: text().max(200).optional().openapi({ description: 'PURGE_TOKEN, for callers without a session' }),
});

/**
 * No guard in the contract: a caller with the PURGE_TOKEN needs no session, and who else may purge
 * depends on the listing at the path (the handler asks).
 */
export const getPurgeUrl = createRoute({
  method: 'get',
  path: '/api/purge-url',
  tags: ['Listings'],
  summary: 'Purges the cached public listing page at a path (spec §7), in every app process',
  description:
    'Allowed for editors of the listing at that path (approved members with projects.edit), admins, and callers with the configured PURGE_TOKEN.',
  request: { query: purgeQuerySchema },
  responses: {
    200: jsonResponse(z.object({ purged: z.literal(true), path: z.string() }), 'Purged'),
    400: errorResponse('Not a public listing path'),
    401: errorResponse('No session and no token'),
    403: errorResponse('Not an editor of that listing'),
  },
});
