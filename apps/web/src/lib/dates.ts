import { REPORTING_TIME_ZONE } from '@offplan/shared';

/**
 * How the app writes dates and times (en-AU, the reader's time zone): one formatter per form, so every
 * page says "3 Mar 2026, 4:05 pm" the same way; and the Sydney days that reports and date filters
 * count in (decisions 028 and 036).
 */

/**
 * A value made on its first use. For Intl formatters: making one costs milliseconds (several times
 * more on a phone, and more again with a time zone, whose rules load then), which at a module's top
 * level falls into the long task that evaluates the page's chunks (issue 21).
 */
export function madeOnFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const dayFormat = madeOnFirstUse(
  () => new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' }),
);
const dateTimeFormat = madeOnFirstUse(
  () => new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' }),
);
const relativeFormat = madeOnFirstUse(() => new Intl.RelativeTimeFormat('en-AU', { numeric: 'auto' }));
const sydneyDay = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: REPORTING_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
);

type DateInput = string | number | Date | null | undefined;

function dateOf(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "24 Nov 2026"; an em dash for a missing or unreadable date. */
export function formatDay(value: DateInput): string {
  const date = dateOf(value);
  return date ? dayFormat().format(date) : '—';
}

/** "3 Mar 2026, 4:05 pm"; an em dash for a missing or unreadable time. */
export function exactTime(value: DateInput): string {
  const date = dateOf(value);
  return date ? dateTimeFormat().format(date) : '—';
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "5 minutes ago", "in 30 seconds", "yesterday"; an em dash for no time. */
export function relativeTime(value: DateInput, now: Date = new Date()): string {
  const date = dateOf(value);
  if (!date) return '—';
  let amount = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return relativeFormat().format(Math.round(amount), unit);
    amount /= size;
  }
  return exactTime(date);
}

/** Today as YYYY-MM-DD in Sydney: the server's reports and date filters count Sydney days. */
export function sydneyToday(now: Date = new Date()): string {
  return sydneyDay().format(now);
}

/** The Sydney day (YYYY-MM-DD) of a moment: the day a report counts it in, not its UTC date. */
export function sydneyDayOf(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso.slice(0, 10) : sydneyDay().format(date);
}

/** A YYYY-MM-DD day moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
