/**
 * CSV as RFC 4180 and spreadsheets read it: comma separated, CRLF lines, a field quoted when it holds
 * a comma, quote or line break, quotes doubled. A text field that starts with = + - @ (or a tab or
 * carriage return) is prefixed with an apostrophe so a spreadsheet shows it instead of running it as
 * a formula (OWASP "CSV injection"); numbers are written as they are.
 */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows]
    .map((row) => row.map(csvField).join(','))
    .join('\r\n')
    .concat('\r\n');
}

/** Saves a blob under a file name through a temporary link (no server round trip). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the object URL only has to outlive the click.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads a CSV; the byte-order mark makes Excel read it as UTF-8 (project names with accents). */
export function downloadCsv(
  fileName: string,
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
) {
  downloadBlob(new Blob(['\uFEFF', toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }), fileName);
}
