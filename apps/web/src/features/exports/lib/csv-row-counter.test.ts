import { describe, expect, it } from 'vitest';
import { CsvRowCounter } from './csv-row-counter.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('CsvRowCounter', () => {
  it('counts rows after the header, across chunks, a quoted line break being part of its row', () => {
    const counter = new CsvRowCounter();
    expect(counter.push(bytes('\uFEFF"ID","Message"\r\n"1","one'))).toBe(0);
    expect(counter.push(bytes('"\r\n"2","two\r\nlines ""quoted"""\r'))).toBe(1);
    expect(counter.push(bytes('\n'))).toBe(2);
    expect(counter.push(bytes('"3","="\r\n'))).toBe(3);
  });
});
