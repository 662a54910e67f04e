import { createRoute, z } from '@hono/zod-openapi';
import { gazetteerResponseSchema, text } from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import { requireSession } from '../../middlewares/guards.ts';

export const gazetteerQuerySchema = z.object({
  q: text().trim().max(200, 'must be at most 200 characters').default(''),
  limit: z.coerce.number().int().min(1).max(25).default(10),
});

export const getGazetteer = createRoute({
  method: 'get',
  path: '/api/gazetteer',
  middleware: [requireSession] as const,
  tags: ['Listings'],
  summary: 'Searches Australian localities (bundled gazetteer; plus the geocoder when GEOCODER_URL is set)',
  description:
    'Prefix and typo-tolerant search of suburb, postcode and state (design §2). Street addresses come from the geocoder, when one is configured.',
  request: { query: gazetteerQuerySchema },
  responses: {
    200: jsonResponse(gazetteerResponseSchema, 'Matches, best first'),
    400: errorResponse('Invalid query'),
    401: errorResponse('No session'),
  },
});
