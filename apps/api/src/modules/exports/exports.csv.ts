import { csvCell, type ExportOutcome } from '@offplan/shared';
import type { ExportColumn, ExportRow } from './exports.datasets.ts';
import type { ExportSource } from './exports.repository.ts';

/** As the leads export writes them (decision 027): RFC 4180 line ends, and a BOM so Excel reads UTF-8. */
const LINE_END = '\r\n';
const UTF8_BOM = '\uFEFF';

export const exportCsvHeader = (columns: readonly ExportColumn[]) =>
  UTF8_BOM + columns.map(([title]) => csvCell(title)).join(',') + LINE_END;

export const exportCsvLine = (columns: readonly ExportColumn[], row: ExportRow) =>
  columns.map(([, value]) => csvCell(value(row))).join(',') + LINE_END;

/**
 * A client that stops reading without going away (a stalled download) would hold the export's
 * connection and snapshot for ever; after this long without a pull the export ends as aborted. The
 * cursor's connection is mid-query meanwhile, so PostgreSQL's idle-in-transaction timeout cannot
 * catch it.
 */
export const EXPORT_STALL_MS = 5 * 60_000;

/** How an export ended, with the rows written: what its audit entry records. */
export type ExportEnd = (outcome: ExportOutcome, rows: number) => Promise<void>;

/**
 * The CSV as a stream the client pulls: the header at once, then one batch per pull, so one batch is
 * in memory however large the export, and a slow reader slows the query (the cursor is read only when
 * the socket has drained). A client that goes away cancels it: the query ends, the connection goes
 * back, and the export is recorded as aborted with the rows sent so far.
 */
export function exportCsvStream(
  source: ExportSource,
  columns: readonly ExportColumn[],
  onEnd: ExportEnd,
  stallMs = EXPORT_STALL_MS,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let rows = 0;
  let ended = false;
  let stall: NodeJS.Timeout | undefined;
  const end = async (outcome: ExportOutcome) => {
    clearTimeout(stall);
    if (ended) return;
    ended = true;
    await source.close();
    await onEnd(outcome, rows);
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(exportCsvHeader(columns)));
      },
      async pull(controller) {
        clearTimeout(stall);
        if (ended) return;
        let batch: ExportRow[];
        try {
          batch = await source.next();
        } catch (error) {
          await end('failed');
          controller.error(error);
          return;
        }
        if (!batch.length) {
          // Audited before the last byte leaves: a client that has the whole file finds the entry.
          await end('finished');
          controller.close();
          return;
        }
        rows += batch.length;
        controller.enqueue(encoder.encode(batch.map((row) => exportCsvLine(columns, row)).join('')));
        stall = setTimeout(() => {
          void end('aborted').then(() =>
            controller.error(new Error('The export stalled: the client stopped reading.')),
          );
        }, stallMs);
      },
      async cancel() {
        await end('aborted');
      },
    },
    // One batch ahead at most: the queue holds the chunk being sent while the next is read.
    { highWaterMark: 1 },
  );
}
