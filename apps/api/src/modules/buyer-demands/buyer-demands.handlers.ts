import { ERROR_CODES } from '@offplan/shared';
import { AppError } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import { buyerDemandReport } from './buyer-demand-report.ts';
import { getBuyerDemands, postMarketplaceSearches } from './buyer-demands.routes.ts';
import { marketplaceSearchLimitKey, storeMarketplaceSearches } from './marketplace-searches.repository.ts';

/** /buyer-demands (issue 19): what buyers ask for, from enquiries and marketplace searches. */
export const buyerDemandsRouter = createRouter();

/** GET /api/buyer-demands: demand beside supply for the period, filters and grouping. */
buyerDemandsRouter.openapi(getBuyerDemands, async (c) =>
  c.json(await buyerDemandReport(c.get('deps').database.db, c.req.valid('query')), 200),
);

/** POST /api/marketplace-searches: 202 with how many were stored; 429 past the address's limit. */
buyerDemandsRouter.openapi(postMarketplaceSearches, async (c) => {
  const outcome = await storeMarketplaceSearches(
    c.get('deps').database.db,
    marketplaceSearchLimitKey(c.get('clientIp')),
    c.req.valid('json').searches,
  );
  if (outcome.outcome === 'limited') {
    c.header('Retry-After', String(outcome.retryAfterSeconds));
    throw new AppError(
      429,
      ERROR_CODES.rateLimited,
      `Too many searches from this address. Try again in ${outcome.retryAfterSeconds} seconds.`,
    );
  }
  return c.json({ stored: outcome.stored }, 202);
});
