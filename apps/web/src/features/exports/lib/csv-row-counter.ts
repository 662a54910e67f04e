const QUOTE = 0x22;
const LINE_FEED = 0x0a;

/**
 * Counts the data rows of a streamed CSV as its bytes arrive (the header line not counted). Every cell
 * of the export is quoted and quotes inside are doubled, so a line feed ends a row only when an even
 * number of quotes has been seen: a message with line breaks is still one row.
 */
export class CsvRowCounter {
  private lines = 0;
  private insideQuotes = false;

  /** Reads a chunk; answers the rows completed so far. */
  push(chunk: Uint8Array): number {
    let inside = this.insideQuotes;
    let lines = this.lines;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === QUOTE) inside = !inside;
      else if (byte === LINE_FEED && !inside) lines += 1;
    }
    this.insideQuotes = inside;
    this.lines = lines;
    return this.rows;
  }

  get rows(): number {
    return Math.max(0, this.lines - 1);
  }
}
