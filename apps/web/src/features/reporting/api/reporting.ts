import { API_PATHS, type BuyerFeedbackQuery, type ListingPerformanceQuery } from '@offplan/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const reportingQueryKey = ['reporting'] as const;

type QueryString = Record<string, string | number | undefined>;

/** Both reports' shared parameters as the query string carries them (ids comma separated). */
function rangeQuery(query: ListingPerformanceQuery | BuyerFeedbackQuery): QueryString {
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    period: query.period,
    buyerType: query.buyerType,
    projectIds: query.projectIds?.length ? query.projectIds.join(',') : undefined,
  };
}

/**
 * GET /api/reporting/listing-performance for the chosen projects, range, period and filters.
 * `outlivesUnmount`: the call goes on when the last component reading it unmounts. TanStack Query
 * cancels a call whose signal was read once nothing reads it, and asks again for the next reader: the
 * dashboard's pending view and its page each draw the key figures, so the figures were asked for twice.
 */
export function listingPerformanceQueryOptions(
  query: ListingPerformanceQuery,
  { outlivesUnmount = false }: { outlivesUnmount?: boolean } = {},
) {
  const params = { ...rangeQuery(query), constructionStatus: query.constructionStatus };
  return queryOptions({
    queryKey: [...reportingQueryKey, 'listing-performance', params] as const,
    queryFn: (context) =>
      apiRequest(API_PATHS.reportListingPerformance, {
        query: params,
        // Loaded beside the call, not with the dashboard's key figures (decision 044).
        schema: import('./reporting-schemas.ts').then((schemas) => schemas.listingPerformanceAnswerSchema),
        // Reading context.signal is what makes the call cancellable: read it only when it should be.
        signal: outlivesUnmount ? undefined : context.signal,
      }),
  });
}

/** GET /api/reporting/buyer-feedback for the range, period, buyer type, project and agent. */
export function buyerFeedbackQueryOptions(query: BuyerFeedbackQuery) {
  const params = {
    ...rangeQuery(query),
    feedbackProject: query.feedbackProject,
    feedbackAgent: query.feedbackAgent,
  };
  return queryOptions({
    queryKey: [...reportingQueryKey, 'buyer-feedback', params] as const,
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.reportBuyerFeedback, {
        query: params,
        schema: import('./buyer-feedback-schema.ts').then((schemas) => schemas.buyerFeedbackAnswerSchema),
        signal,
      }),
  });
}
