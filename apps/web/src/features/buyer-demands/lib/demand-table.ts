import { type BuyerDemandAnswer, type BuyerDemandRow, DEMAND_GROUPING_LABELS } from '@offplan/shared';
import { downloadBlob, toCsv } from '../../../lib/csv.ts';
import { addDays, sydneyToday } from '../../../lib/dates.ts';

/**
 * The table of /buyer-demands and its CSV, from one description: the CSV is exactly the table (same
 * columns, same rows, same order, same words), its cells through the shared `csvCell` the leads export
 * uses (quoted; a cell starting with = + - @ gets an apostrophe, so a spreadsheet shows it, never runs it).
 */

export type DemandCell = string | number | null;

/** What the ratio column says when there is no number to show. */
export const NO_STOCK = 'No stock';

export function demandTableHeader(answer: Pick<BuyerDemandAnswer, 'groupBy' | 'comparesSupply'>): string[] {
  return [
    DEMAND_GROUPING_LABELS[answer.groupBy],
    'Enquiries',
    'Searches',
    'Demand',
    ...(answer.comparesSupply
      ? ['Projects', 'Configurations', 'Units in stock', 'Demand per unit', 'Demand outruns supply']
      : []),
  ];
}

function ratioCell(row: BuyerDemandRow): DemandCell {
  if (row.ratio !== null) return row.ratio;
  return row.supplyStock === 0 && row.demand > 0 ? NO_STOCK : null;
}

export function demandTableCells(row: BuyerDemandRow, comparesSupply: boolean): DemandCell[] {
  return [
    row.label,
    row.enquiries,
    row.searches,
    row.demand,
    ...(comparesSupply
      ? [
          row.supplyProjects,
          row.supplyConfigurations,
          row.supplyStock,
          ratioCell(row),
          row.outrunsSupply ? 'Yes' : row.supplyStock === null ? null : 'No',
        ]
      : []),
  ];
}

/** A cell as the table shows it: numbers grouped (1,234), ratios with two decimals, blanks as a dash. */
export function formatDemandCell(cell: DemandCell, column: string): string {
  if (cell === null) return '—';
  if (typeof cell === 'string') return cell;
  if (column === 'Demand per unit') return cell.toFixed(2);
  return cell.toLocaleString('en-AU');
}

/** The rows the table shows: every group, or only those where demand outruns supply. */
export function shownRows(answer: BuyerDemandAnswer, outrunningOnly: boolean): BuyerDemandRow[] {
  return outrunningOnly ? answer.rows.filter((row) => row.outrunsSupply) : answer.rows;
}

/** The CSV of the table as shown (UTF-8 with a byte-order mark, CRLF lines). */
export function demandCsv(answer: BuyerDemandAnswer, rows: readonly BuyerDemandRow[]): string {
  const header = demandTableHeader(answer);
  const cells = rows.map((row) =>
    demandTableCells(row, answer.comparesSupply).map((cell, index) => formatDemandCell(cell, header[index]!)),
  );
  return `\uFEFF${toCsv(header, cells)}`;
}

export function demandCsvFileName(answer: BuyerDemandAnswer): string {
  return `buyer-demand-by-${answer.groupBy.toLowerCase().replace('_', '-')}-${answer.startDate}-to-${answer.endDate}.csv`;
}

/** Saves the CSV (no server round trip). */
export function downloadDemandCsv(answer: BuyerDemandAnswer, rows: readonly BuyerDemandRow[]): void {
  downloadBlob(
    new Blob([demandCsv(answer, rows)], { type: 'text/csv;charset=utf-8' }),
    demandCsvFileName(answer),
  );
}

// ---------------------------------------------------------------------------------------------------
// Periods

export const PERIOD_PRESETS = [
  'LAST_30_DAYS',
  'LAST_90_DAYS',
  'LAST_12_MONTHS',
  'THIS_YEAR',
  'CUSTOM',
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export const PERIOD_PRESET_LABELS: Record<PeriodPreset, string> = {
  LAST_30_DAYS: 'Last 30 days',
  LAST_90_DAYS: 'Last 90 days',
  LAST_12_MONTHS: 'Last 12 months',
  THIS_YEAR: 'This year',
  CUSTOM: 'Custom dates',
};

/** The range a preset names, ending today (Sydney). */
export function presetRange(preset: Exclude<PeriodPreset, 'CUSTOM'>, now: Date = new Date()) {
  const endDate = sydneyToday(now);
  switch (preset) {
    case 'LAST_30_DAYS':
      return { startDate: addDays(endDate, -29), endDate };
    case 'LAST_90_DAYS':
      return { startDate: addDays(endDate, -89), endDate };
    case 'LAST_12_MONTHS':
      return { startDate: addDays(`${Number(endDate.slice(0, 4)) - 1}${endDate.slice(4)}`, 1), endDate };
    case 'THIS_YEAR':
      return { startDate: `${endDate.slice(0, 4)}-01-01`, endDate };
  }
}
