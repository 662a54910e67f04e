import {
  BUYER_TYPE_LABELS,
  type BuyerType,
  csvCell,
  FINANCE_STATUS_LABELS,
  type FinanceStatus,
  LEAD_STATUS_LABELS,
  type LeadStatus,
  TIMEFRAME_LABELS,
  type Timeframe,
} from '@offplan/shared';
import type { LeadExportCursor, LeadExportRow } from './leads.repository.ts';

/**
 * The leads CSV (issue 16 item 8): every cell through `csvCell`, so a name like `=HYPERLINK(…)` is
 * text in a spreadsheet, and HTML stays the characters the buyer typed. Labels, not codes, where the
 * page shows labels; times in UTC ISO 8601 so a spreadsheet in any time zone reads the same instant.
 */
export const LEAD_EXPORT_COLUMNS: readonly [string, (row: LeadExportRow) => string | number | null][] = [
  ['Lead ID', (row) => row.id],
  ['Received', (row) => row.createdAt],
  ['Project', (row) => row.projectTitle],
  ['Status', (row) => LEAD_STATUS_LABELS[row.status as LeadStatus] ?? row.status],
  ['Score', (row) => row.score],
  ['Name', (row) => row.name],
  ['Email', (row) => row.email],
  ['Phone', (row) => row.phone],
  ['Postcode', (row) => row.postcode],
  ['Buyer type', (row) => BUYER_TYPE_LABELS[row.buyerType as BuyerType] ?? row.buyerType],
  ['Budget', (row) => row.budget],
  ['Bedrooms', (row) => row.bedrooms],
  ['Configuration', (row) => row.configuration],
  ['Timeframe', (row) => (row.timeframe ? TIMEFRAME_LABELS[row.timeframe as Timeframe] : null)],
  [
    'Finance',
    (row) => (row.financeStatus ? FINANCE_STATUS_LABELS[row.financeStatus as FinanceStatus] : null),
  ],
  ['Source', (row) => row.source],
  ['UTM source', (row) => row.utmSource],
  ['UTM medium', (row) => row.utmMedium],
  ['UTM campaign', (row) => row.utmCampaign],
  ['Campaign ID', (row) => row.campaignId],
  ['Assignee', (row) => row.assigneeName],
  ['First response (minutes)', (row) => row.firstResponseMinutes],
  ['Enquiries', (row) => row.enquiryCount],
  ['Lost reason', (row) => row.lostReason],
  ['Sale price', (row) => row.salePrice],
  ['Sale date', (row) => row.saleDate],
  ['Message', (row) => row.message],
];

/** RFC 4180 line ends; the byte-order mark makes Excel read the file as UTF-8 (names with accents). */
const LINE_END = '\r\n';
const UTF8_BOM = '\uFEFF';

export const leadCsvHeader = () =>
  UTF8_BOM + LEAD_EXPORT_COLUMNS.map(([title]) => csvCell(title)).join(',') + LINE_END;

export const leadCsvLine = (row: LeadExportRow) =>
  LEAD_EXPORT_COLUMNS.map(([, value]) => csvCell(value(row))).join(',') + LINE_END;

export type LeadExportBatches = (
  after: LeadExportCursor | null,
) => Promise<{ rows: LeadExportRow[]; next: LeadExportCursor | null }>;

/**
 * The CSV as a stream pulled by the client: the header goes out at once (first byte before any lead
 * is read), then one batch per pull, so at most one batch is in memory however many leads there are
 * and a slow download slows the reading rather than filling the heap. A client that goes away ends it.
 */
export function leadCsvStream(readBatch: LeadExportBatches): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: LeadExportCursor | null = null;
  let finished = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(leadCsvHeader()));
      },
      async pull(controller) {
        if (finished) return;
        const batch = await readBatch(cursor);
        if (batch.rows.length) controller.enqueue(encoder.encode(batch.rows.map(leadCsvLine).join('')));
        cursor = batch.next;
        if (!cursor) {
          finished = true;
          controller.close();
        }
      },
      cancel() {
        finished = true;
      },
    },
    // One batch ahead at most: the queue holds the chunk being sent while the next is read.
    { highWaterMark: 1 },
  );
}

/** `leads-2026-05-01.csv`, dated in Sydney like the leads page's date filters. */
export function leadExportFileName(now = new Date()): string {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Sydney',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return `leads-${day}.csv`;
}
