import { ERROR_CODES } from '@offplan/shared';
import { AppError } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import {
  LISTING_TRACKER_SCRIPT,
  LISTING_TRACKER_SCRIPT_PATH,
} from '../public-listing/listing-tracker.script.ts';
import { receiveListingEvents } from './listing-event-intake.ts';
import { postListingEvents } from './listing-events.routes.ts';

export const listingEventsRouter = createRouter();

/** POST /api/listing-events: 202 with how many were stored; 429 past the address's limit. */
listingEventsRouter.openapi(postListingEvents, async (c) => {
  const outcome = await receiveListingEvents(c.get('deps'), c.req.valid('json'), {
    userAgent: c.req.header('user-agent'),
    clientIp: c.get('clientIp'),
    signedIn: Boolean(c.get('user')),
  });
  if (outcome.kind === 'limited') {
    c.header('Retry-After', String(outcome.retryAfterSeconds));
    throw new AppError(
      429,
      ERROR_CODES.rateLimited,
      `Too many events from this address. Try again in ${outcome.retryAfterSeconds} seconds.`,
    );
  }
  return c.json({ stored: outcome.stored }, 202);
});

/** The listing page's tracker (versioned by content: kept a year by browsers). */
listingEventsRouter.get(LISTING_TRACKER_SCRIPT_PATH.split('?')[0]!, (c) =>
  c.body(LISTING_TRACKER_SCRIPT, 200, {
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control':
      c.req.query('v') === LISTING_TRACKER_SCRIPT_PATH.split('=')[1]
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=300',
  }),
);
