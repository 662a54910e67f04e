import type { ListingEventBatch } from '@offplan/shared';
import { requestListingRollup } from '../../jobs/listing-rollup.ts';
import type { AppDeps } from '../../lib/context.ts';
import { visitorSketchOf } from '../../lib/hyperloglog.ts';
import { listingEventLimitKey, storeListingEvents } from './listing-events.repository.ts';
import { campaignValue, deviceClassOf, isBotAgent, referrerHostOf } from './listing-visit.ts';

export type ListingEventOutcome =
  | { kind: 'stored'; stored: number }
  | { kind: 'limited'; retryAfterSeconds: number };

export type ListingVisit = {
  userAgent: string | undefined;
  clientIp: string | undefined;
  /** A valid portal session came with the call (the app's session reader already read it). */
  signedIn: boolean;
};

/**
 * One batch from a listing page (decision 028). Bots and signed-in portal users are answered as if
 * stored, with nothing written or counted: they learn nothing, and cost no statement. The visitor id
 * is kept only as its HyperLogLog register and rank; the referrer only as its host.
 */
export async function receiveListingEvents(
  deps: AppDeps,
  batch: ListingEventBatch,
  visit: ListingVisit,
): Promise<ListingEventOutcome> {
  if (visit.signedIn || isBotAgent(visit.userAgent)) return { kind: 'stored', stored: 0 };
  const result = await storeListingEvents(deps.database.db, {
    limitKey: listingEventLimitKey(visit.clientIp),
    events: batch.events,
    visitor: visitorSketchOf(batch.visitorId),
    device: deviceClassOf(visit.userAgent ?? ''),
    referrerHost: referrerHostOf(batch.referrer),
    utmSource: campaignValue(batch.utmSource),
    utmMedium: campaignValue(batch.utmMedium),
    utmCampaign: campaignValue(batch.utmCampaign),
  });
  if (result.outcome === 'limited') return { kind: 'limited', retryAfterSeconds: result.retryAfterSeconds };
  if (result.stored > 0) await requestListingRollup(deps.queue, deps.logger);
  return { kind: 'stored', stored: result.stored };
}
