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

/** The first day of the period after the one starting on `periodStart`. */
function nextPeriodStartOf(periodStart: string, period: CalendarGranularity): string {
  if (period === 'DAY') return addDays(periodStart, 1);
  if (period === 'WEEK') return addDays(periodStart, 7);
  const next = new Date(toTime(periodStart));
  next.setUTCMonth(next.getUTCMonth() + 1);
  return toIso(next.getTime());
}

/** The first day of every period the range touches, in order (the first may start before the range). */
export function periodStartsOf(startDate: string, endDate: string, period: CalendarGranularity): string[] {
  const starts: string[] = [];
  for (let day = periodStartOf(startDate, period); day <= endDate; day = nextPeriodStartOf(day, period)) {
    starts.push(day);
  }
  return starts;
}

/** A stored visitor sketch's span (schema `listing_visitor_sketches`): a day, an ISO week or a month. */
export type SketchPiece = { grain: 'day' | 'week' | 'month'; starts: string };

const GRAIN_PERIOD = { day: 'DAY', week: 'WEEK', month: 'MONTH' } as const;
const lastDayOf = ({ grain, starts }: SketchPiece) =>
  addDays(nextPeriodStartOf(starts, GRAIN_PERIOD[grain]), -1);

/** The days from `from` to `through` as day pieces. */
function dayPieces(from: string, through: string): SketchPiece[] {
  const pieces: SketchPiece[] = [];
  for (let day = from; day <= through; day = addDays(day, 1)) pieces.push({ grain: 'day', starts: day });
  return pieces;
}

/**
 * The sketches that cover a range with each one inside one of the report's periods: a whole period
 * where the range holds it, its days where the range cuts it (the first and last periods).
 */
export function periodPiecesOf(
  startDate: string,
  endDate: string,
  period: CalendarGranularity,
): SketchPiece[] {
  const grain = TRUNC_UNIT[period];
  return periodStartsOf(startDate, endDate, period).flatMap((starts) => {
    const whole = { grain, starts };
    const last = lastDayOf(whole);
    if (starts >= startDate && last <= endDate) return [whole];
    return dayPieces(starts < startDate ? startDate : starts, last > endDate ? endDate : last);
  });
}

/**
 * The fewest sketches that cover a range exactly (for totals, where periods do not matter): whole
 * months, whole weeks before and after them, and days at the edges. A week is taken only where it
 * does not cut into a month the range holds whole, so two years are about 24 months and a dozen
 * weeks and days, not 105 weeks.
 */
export function fewestPiecesOf(startDate: string, endDate: string): SketchPiece[] {
  const pieces: SketchPiece[] = [];
  for (let day = startDate; day <= endDate; ) {
    const month: SketchPiece = { grain: 'month', starts: day };
    const week: SketchPiece = { grain: 'week', starts: day };
    const nextMonth = nextPeriodStartOf(periodStartOf(day, 'MONTH'), 'MONTH');
    const nextMonthHeldWhole = lastDayOf({ grain: 'month', starts: nextMonth }) <= endDate;
    let piece: SketchPiece = { grain: 'day', starts: day };
    if (day.endsWith('-01') && lastDayOf(month) <= endDate) piece = month;
    else if (
      periodStartOf(day, 'WEEK') === day &&
      lastDayOf(week) <= endDate &&
      (lastDayOf(week) < nextMonth || !nextMonthHeldWhole)
    )
      piece = week;
    pieces.push(piece);
    day = addDays(lastDayOf(piece), 1);
  }
  return pieces;
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
