import { csvCell } from '@offplan/shared';

/**
 * CSV files the browser makes (report tables, buyer demand): RFC 4180 with CRLF lines, every cell
 * through the shared `csvCell` the server's exports use too (quoted; a text starting with = + - @ tab or
 * CR gets an apostrophe so a spreadsheet shows it instead of running it, OWASP "CSV injection").
 */
export type CsvCell = string | number | null | undefined;

/** A number that is not finite (a ratio of nothing) is an empty cell, like a missing value. */
const cellOf = (value: CsvCell) =>
  csvCell(typeof value === 'number' && !Number.isFinite(value) ? null : value);

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows]
    .map((row) => row.map(cellOf).join(','))
    .join('\r\n')
    .concat('\r\n');
}

/**
 * Saves a blob the page holds under a file name, through a temporary link (no server round trip). The
 * object URL outlives the click by a minute: a large file is still being written when `click` returns.
 */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A CSV with a byte-order mark, so Excel reads it as UTF-8 (project names with accents). */
export function csvBlob(header: readonly string[], rows: readonly (readonly CsvCell[])[]): Blob {
  return new Blob(['\uFEFF', toCsv(header, rows)], { type: 'text/csv;charset=utf-8' });
}

export function downloadCsv(
  fileName: string,
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
) {
  downloadBlob(csvBlob(header, rows), fileName);
}
