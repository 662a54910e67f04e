import { createRoute } from '@hono/zod-openapi';
import {
  API_PATHS,
  LISTING_EVENT_BODY_MAX,
  LISTING_EVENTS_PER_ADDRESS_PER_MINUTE,
  listingEventAnswerSchema,
  listingEventBatchSchema,
} from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import { limitBody } from '../../middlewares/guards.ts';

/**
 * No guard: the visitors of public listing pages have no account (decision 028). Bots, signed-in
 * portal users and listings without a public page are left out by the handler, silently; the limit per
 * client address is counted with the events, in the one statement that stores them.
 */
export const postListingEvents = createRoute({
  method: 'post',
  path: API_PATHS.listingEvents,
  middleware: [limitBody(LISTING_EVENT_BODY_MAX)] as const,
  tags: ['Reporting'],
  summary: 'Records what a visitor did on a public listing page (the page’s own first-party script)',
  description:
    'A batch is stored whole or not at all. Events of bots (by user agent), of signed-in portal users and for projects without a public page are left out and not counted in `stored`. Per client address at most ' +
    `${LISTING_EVENTS_PER_ADDRESS_PER_MINUTE} events a minute, across processes.`,
  request: {
    body: { required: true, content: { 'application/json': { schema: listingEventBatchSchema } } },
  },
  responses: {
    202: jsonResponse(listingEventAnswerSchema, 'Accepted: `stored` events were kept'),
    400: errorResponse('Malformed batch (with `fields`), or not JSON'),
    413: errorResponse(`Body larger than ${LISTING_EVENT_BODY_MAX} bytes`),
    429: errorResponse('Too many events from this address this minute (Retry-After)'),
  },
});
