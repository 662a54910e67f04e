import type { PerformanceFigure } from '@offplan/shared';
import { madeOnFirstUse } from '../../../lib/dates.ts';

// Made on first use (lib/dates.ts): the dashboard's key figures load this module with the page.
const whole = madeOnFirstUse(() => new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 }));
const percent = madeOnFirstUse(
  () => new Intl.NumberFormat('en-AU', { style: 'percent', maximumFractionDigits: 1 }),
);
const signedPercent = madeOnFirstUse(
  () =>
    new Intl.NumberFormat('en-AU', { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }),
);

/** A figure as people read it: counts whole, conversion as a percentage; '–' without a value. */
export function formatFigure(figure: PerformanceFigure, value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  return figure === 'conversion' ? percent().format(value) : whole().format(value);
}

/** Change against the previous period as a fraction (0.25 = +25%); null when there was nothing before. */
export function changeOf(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / previous;
}

export function formatChange(change: number): string {
  return signedPercent().format(change);
}

const stars = madeOnFirstUse(
  () => new Intl.NumberFormat('en-AU', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);

/** An average star rating, one decimal; '–' without responses. */
export function formatStars(average: number | null): string {
  return average === null ? '–' : stars().format(average);
}

const dayLabel = madeOnFirstUse(
  () => new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
);
const monthLabel = madeOnFirstUse(
  () => new Intl.DateTimeFormat('en-AU', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
);

/** A period's first day as the chart's axis shows it: 'Mar 2026' for months, '3 Mar' otherwise. */
export function periodLabel(periodStart: string, period: 'MONTH' | 'WEEK' | 'DAY'): string {
  const date = new Date(`${periodStart}T00:00:00Z`);
  const label = period === 'MONTH' ? monthLabel().format(date) : dayLabel().format(date);
  return period === 'WEEK' ? `Week of ${label}` : label;
}

/** Whether the range starts and ends on the period's own boundaries (weeks run Monday to Sunday). */
export function coversWholePeriods(
  startDate: string,
  endDate: string,
  period: 'MONTH' | 'WEEK' | 'DAY',
): boolean {
  if (period === 'DAY') return true;
  const start = new Date(`${startDate}T00:00:00Z`);
  const dayAfterEnd = new Date(`${endDate}T00:00:00Z`);
  dayAfterEnd.setUTCDate(dayAfterEnd.getUTCDate() + 1);
  if (period === 'WEEK') return start.getUTCDay() === 1 && dayAfterEnd.getUTCDay() === 1;
  return start.getUTCDate() === 1 && dayAfterEnd.getUTCDate() === 1;
}
