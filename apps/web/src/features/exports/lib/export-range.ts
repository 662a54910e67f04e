import type { ExportRange } from '@offplan/shared';
import { addDays, madeOnFirstUse, sydneyToday } from '../../../lib/dates.ts';

export const EXPORT_PRESETS = [
  { value: 'last7', label: 'Last 7 days' },
  { value: 'last30', label: 'Last 30 days' },
  { value: 'thisMonth', label: 'This month' },
  { value: 'lastMonth', label: 'Last month' },
  { value: 'thisYear', label: 'This year' },
  { value: 'all', label: 'All time' },
  { value: 'custom', label: 'Custom' },
] as const;
export type ExportPreset = (typeof EXPORT_PRESETS)[number]['value'];

/**
 * The range a preset stands for on `today` (both days included); custom keeps what is typed. Sydney
 * calendar days, like every date filter of the portal (decision 036).
 */
export function presetRange(preset: Exclude<ExportPreset, 'custom'>, today = sydneyToday()): ExportRange {
  const monthStart = `${today.slice(0, 7)}-01`;
  switch (preset) {
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: monthStart, to: today };
    case 'lastMonth': {
      const lastMonthEnd = addDays(monthStart, -1);
      return { from: `${lastMonthEnd.slice(0, 7)}-01`, to: lastMonthEnd };
    }
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'all':
      return {};
  }
}

const dayLabel = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
);
const labelOf = (isoDay: string) => dayLabel().format(new Date(`${isoDay}T00:00:00Z`));

/** "1 Mar 2026 – 31 Mar 2026", "from 1 Mar 2026", "all time": a range as the page and the list say it. */
export function rangeLabel(range: { from?: string | null | undefined; to?: string | null | undefined }) {
  if (range.from && range.to) return `${labelOf(range.from)} – ${labelOf(range.to)}`;
  if (range.from) return `from ${labelOf(range.from)}`;
  if (range.to) return `until ${labelOf(range.to)}`;
  return 'all time';
}
