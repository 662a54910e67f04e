import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { createRouter } from '../../lib/router.ts';
import type { ApiKeyEnv } from '../lead-api/api-key-auth.ts';
import { feedContact, feedListings } from './listing-feed.repository.ts';
import { getListingFeed } from './listing-feed.routes.ts';
import { reaxmlDocument } from './reaxml.ts';

export const listingFeedRouter = createRouter();

// The security scheme the route names is registered by the lead API's router (lead-api.handlers.ts),
// mounted in the same app.

listingFeedRouter.openapi(getListingFeed, async (c) => {
  const deps = (c as unknown as Context<AppEnv>).get('deps');
  const db = deps.database.db;
  const { organisationId } = (c as unknown as Context<ApiKeyEnv>).get('apiKey');
  const [listings, contact] = await Promise.all([
    feedListings(db, organisationId),
    feedContact(db, organisationId),
  ]);
  const xml = await reaxmlDocument(listings, {
    organisationId,
    baseUrl: deps.settings.baseUrl,
    contact,
    now: new Date(),
  });
  return c.body(xml, 200, {
    'content-type': 'application/xml; charset=utf-8',
    // The feed is the organisation's and changes with every save: no shared cache may keep it.
    'cache-control': 'private, no-store',
  });
});
