/**
 * How the app writes dates and times (en-AU, the reader's time zone): one formatter per form, so every
 * page says "3 Mar 2026, 4:05 pm" the same way. Reporting's Sydney-day labels are its own (report-range.ts).
 */

const dayFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
const relativeFormat = new Intl.RelativeTimeFormat('en-AU', { numeric: 'auto' });

type DateInput = string | number | Date | null | undefined;

function dateOf(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "24 Nov 2026"; an em dash for a missing or unreadable date. */
export function formatDay(value: DateInput): string {
  const date = dateOf(value);
  return date ? dayFormat.format(date) : '—';
}

/** "3 Mar 2026, 4:05 pm"; an em dash for a missing or unreadable time. */
export function exactTime(value: DateInput): string {
  const date = dateOf(value);
  return date ? dateTimeFormat.format(date) : '—';
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
    if (Math.abs(amount) < size) return relativeFormat.format(Math.round(amount), unit);
    amount /= size;
  }
  return exactTime(date);
}
