import { type BuyerFeedbackQuery, type ListingPerformanceQuery, REPORTING_TIME_ZONE } from '@offplan/shared';
import type { ReportingSelections } from '../../../stores/reporting-store.ts';

/** Days in the default range (decision 028, Web): the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;

const sydneyDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: REPORTING_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today as YYYY-MM-DD in the reporting time zone: the server's days are Sydney days too. */
export function reportingToday(now: Date = new Date()): string {
  return sydneyDay.format(now);
}

/** The Sydney day (YYYY-MM-DD) of a moment: the day the report counts it in, not its UTC date. */
export function reportingDayOf(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso.slice(0, 10) : sydneyDay.format(date);
}

/** A YYYY-MM-DD day moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export type ReportRange = { startDate: string; endDate: string };

/** The range the selections name, or the default: the last 30 days up to today. */
export function resolveRange(
  selections: Pick<ReportingSelections, 'startDate' | 'endDate'>,
  now: Date = new Date(),
): ReportRange {
  const today = reportingToday(now);
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
