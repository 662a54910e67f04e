import { BUYER_DEMAND_PATHS, type BuyerDemandQuery, buyerDemandAnswerSchema } from '@offplan/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/buyer-demands for the period, filters and grouping. */
export function buyerDemandsQueryOptions(query: BuyerDemandQuery) {
  const params = {
    startDate: query.startDate,
    endDate: query.endDate,
    state: query.state,
    source: query.source,
    buyerType: query.buyerType,
    groupBy: query.groupBy,
  };
  return queryOptions({
    queryKey: ['buyer-demands', params] as const,
    queryFn: ({ signal }) =>
      apiRequest(BUYER_DEMAND_PATHS.buyerDemands, { query: params, schema: buyerDemandAnswerSchema, signal }),
  });
}
