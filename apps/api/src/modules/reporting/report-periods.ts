import type { CalendarGranularity } from '@offplan/shared';

/**
 * Calendar arithmetic of the reports (decision 028): dates are `YYYY-MM-DD` calendar days in
 * REPORTING_TIME_ZONE, handled as UTC dates here so no local clock or daylight saving shifts them.
 */

const DAY_MS = 86_400_000;

const toTime = (isoDay: string) => Date.parse(`${isoDay}T00:00:00Z`);
const toIso = (time: number) => new Date(time).toISOString().slice(0, 10);

export const addDays = (isoDay: string, days: number) => toIso(toTime(isoDay) + days * DAY_MS);

/** The range of the same length that ends the day before `startDate`. */
export function previousRangeOf(startDate: string, endDate: string) {
  const days = Math.round((toTime(endDate) - toTime(startDate)) / DAY_MS) + 1;
  return { previousStartDate: addDays(startDate, -days), previousEndDate: addDays(startDate, -1) };
}

/** The first day of the period holding `isoDay`: itself, its week's Monday, or its month's first day. */
export function periodStartOf(isoDay: string, period: CalendarGranularity): string {
  if (period === 'DAY') return isoDay;
  if (period === 'MONTH') return `${isoDay.slice(0, 7)}-01`;
  const weekday = new Date(toTime(isoDay)).getUTCDay();
  return addDays(isoDay, -((weekday + 6) % 7));
}

/** The first day of every period the range touches, in order (the first may start before the range). */
export function periodStartsOf(startDate: string, endDate: string, period: CalendarGranularity): string[] {
  const starts: string[] = [];
  for (let day = periodStartOf(startDate, period); day <= endDate; ) {
    starts.push(day);
    if (period === 'DAY') day = addDays(day, 1);
    else if (period === 'WEEK') day = addDays(day, 7);
    else {
      const next = new Date(toTime(day));
      next.setUTCMonth(next.getUTCMonth() + 1);
      day = toIso(next.getTime());
    }
  }
  return starts;
}

/** PostgreSQL's `date_trunc` unit of a period; its week starts on Monday, as the reports' do. */
export const TRUNC_UNIT: Record<CalendarGranularity, 'day' | 'week' | 'month'> = {
  DAY: 'day',
  WEEK: 'week',
  MONTH: 'month',
};

/** A Monday before any report (the earliest start is 2024-01-01, its previous range at most 5 years earlier). */
export const PERIOD_EPOCH = '2000-01-03';

/**
 * The period holding a day as a number: days or weeks since PERIOD_EPOCH, or months since year 0. The
 * SQL side computes the same number (`periodIndexSql`): integers group several times faster than the
 * text of a truncated date, which matters over the tens of thousands of rows a long report reads.
 */
export function periodIndexOf(isoDay: string, period: CalendarGranularity): number {
  if (period === 'MONTH') return Number(isoDay.slice(0, 4)) * 12 + Number(isoDay.slice(5, 7)) - 1;
  const days = Math.round((toTime(isoDay) - toTime(PERIOD_EPOCH)) / DAY_MS);
  return period === 'DAY' ? days : Math.floor(days / 7);
}

/** The value at fraction `p` of sorted values, interpolated between neighbours (`percentile_cont`). */
function percentileOf(sorted: number[], p: number): number {
  const position = (sorted.length - 1) * p;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  const low = sorted[below] ?? 0;
  const high = sorted[above] ?? low;
  return low + (high - low) * (position - below);
}

/** First quartile, median and third quartile of the values (all zero when there are none). */
export function quartilesOf(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    q1: percentileOf(sorted, 0.25),
    median: percentileOf(sorted, 0.5),
    q3: percentileOf(sorted, 0.75),
  };
}
