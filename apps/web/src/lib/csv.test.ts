import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('CSV builder', () => {
  it('writes a header and rows, every cell quoted, comma separated, CRLF line ends', () => {
    expect(
      toCsv(
        ['Project', 'Page views'],
        [
          ['Harbour Residences', 120],
          ['Quay Towers', 0],
        ],
      ),
    ).toBe('"Project","Page views"\r\n"Harbour Residences","120"\r\n"Quay Towers","0"\r\n');
  });

  it('doubles quotes and keeps commas and line breaks inside the cell', () => {
    expect(toCsv(['a', 'b', 'c'], [['Smith, Jones & Co', 'The "Quay"', 'line one\nline two']])).toBe(
      '"a","b","c"\r\n"Smith, Jones & Co","The ""Quay""","line one\nline two"\r\n',
    );
  });

  it('keeps a spreadsheet from running text as a formula, numbers left as numbers', () => {
    expect(toCsv(['x'], [['=HYPERLINK("http://x")'], ['+61 2 9999'], ['@here'], [-3]])).toBe(
      `"x"\r\n"'=HYPERLINK(""http://x"")"\r\n"'+61 2 9999"\r\n"'@here"\r\n"-3"\r\n`,
    );
  });

  it('writes empty cells for missing values and numbers that are not finite', () => {
    expect(toCsv(['a', 'b', 'c'], [[null, undefined, Number.NaN]])).toBe('"a","b","c"\r\n"","",""\r\n');
  });
});
