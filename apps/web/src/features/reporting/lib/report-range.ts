import type { BuyerFeedbackQuery, ListingPerformanceQuery } from '@offplan/shared';
import { addDays, sydneyToday } from '../../../lib/dates.ts';
import type { ReportingSelections } from '../../../stores/reporting-store.ts';

/** Days in the default range (decision 028, Web): the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;

export type ReportRange = { startDate: string; endDate: string };

/** The range the selections name, or the default: the last 30 days up to today. */
export function resolveRange(
  selections: Pick<ReportingSelections, 'startDate' | 'endDate'>,
  now: Date = new Date(),
): ReportRange {
  const today = sydneyToday(now);
  const endDate = selections.endDate ?? today;
  const startDate = selections.startDate ?? addDays(endDate, -(DEFAULT_RANGE_DAYS - 1));
  return { startDate, endDate };
}

/** The listing-performance query for the selections (what the API and the query key see). */
export function listingPerformanceQueryOf(
  selections: ReportingSelections,
  now: Date = new Date(),
): ListingPerformanceQuery {
  return {
    ...resolveRange(selections, now),
    period: selections.period,
    buyerType: selections.buyerType,
    ...(selections.selectedProjects.length > 0 ? { projectIds: selections.selectedProjects } : {}),
    ...(selections.constructionStatus ? { constructionStatus: selections.constructionStatus } : {}),
  };
}

/** The buyer-feedback query for the selections. */
export function buyerFeedbackQueryOf(
  selections: ReportingSelections,
  now: Date = new Date(),
): BuyerFeedbackQuery {
  return {
    ...resolveRange(selections, now),
    period: selections.period,
    buyerType: selections.buyerType,
    ...(selections.selectedProjects.length > 0 ? { projectIds: selections.selectedProjects } : {}),
    ...(selections.feedbackProject ? { feedbackProject: selections.feedbackProject } : {}),
    ...(selections.feedbackAgent ? { feedbackAgent: selections.feedbackAgent } : {}),
  };
}
