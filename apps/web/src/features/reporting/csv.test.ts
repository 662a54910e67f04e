import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './lib/csv.ts';

describe('CSV builder', () => {
  it('writes a header and rows, comma separated, CRLF line ends', () => {
    expect(
      toCsv(
        ['Project', 'Page views'],
        [
          ['Harbour Residences', 120],
          ['Quay Towers', 0],
        ],
      ),
    ).toBe('Project,Page views\r\nHarbour Residences,120\r\nQuay Towers,0\r\n');
  });

  it('quotes fields with commas, quotes or line breaks and doubles the quotes', () => {
    expect(csvField('Smith, Jones & Co')).toBe('"Smith, Jones & Co"');
    expect(csvField('The "Quay"')).toBe('"The ""Quay"""');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
  });

  it('keeps a spreadsheet from running text as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+61 2 9999')).toBe("'+61 2 9999");
    expect(csvField('@here')).toBe("'@here");
    // Numbers are numbers, negative ones included.
    expect(csvField(-3)).toBe('-3');
  });

  it('writes nothing for missing values', () => {
    expect(toCsv(['a', 'b', 'c'], [[null, undefined, Number.NaN]])).toBe('a,b,c\r\n,,\r\n');
  });
});
