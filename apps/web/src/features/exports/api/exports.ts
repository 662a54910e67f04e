import {
  EXPORT_API_PATHS,
  EXPORT_ROWS_HEADER,
  type ExportDataset,
  type ExportRange,
  exportCountSchema,
  recentExportsSchema,
} from '@offplan/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, networkError, reportAccessError, toApiClientError } from '../../../lib/api-client.ts';
import { CsvRowCounter } from '../lib/csv-row-counter.ts';

const rangeQuery = (range: ExportRange) => ({ from: range.from, to: range.to });

export const recentExportsQueryKey = ['exports', 'recent'] as const;

/** GET /api/exports/recent (platform admins): the latest exports from the audit log. */
export function recentExportsQueryOptions() {
  return queryOptions({
    queryKey: recentExportsQueryKey,
    queryFn: ({ signal }) =>
      apiRequest(EXPORT_API_PATHS.exportsRecent, { schema: recentExportsSchema, signal }),
  });
}

/** GET /api/exports/{dataset}/count: the rows an export of the range would write. */
export function exportCountQueryOptions(dataset: ExportDataset, range: ExportRange) {
  return queryOptions({
    queryKey: ['exports', 'count', dataset, range.from ?? null, range.to ?? null],
    queryFn: ({ signal }) =>
      apiRequest(EXPORT_API_PATHS.exportCount(dataset), {
        query: rangeQuery(range),
        schema: exportCountSchema,
        signal,
      }),
  });
}

/** The URL of an export: also the page's plain download link (the browser's own download, no progress). */
export function exportCsvUrl(dataset: ExportDataset, range: ExportRange): string {
  const search = new URLSearchParams();
  if (range.from) search.set('from', range.from);
  if (range.to) search.set('to', range.to);
  const query = search.toString();
  return `${EXPORT_API_PATHS.exportCsv(dataset)}${query ? `?${query}` : ''}`;
}

export type ExportProgress = { rows: number; expectedRows: number };

/**
 * Downloads an export while counting its rows (decision 036). Its own fetch, not apiRequest: the
 * answer is a CSV read as a stream, chunk by chunk, not a JSON document read whole. Errors are
 * apiRequest's (the one error type, lost sessions to sign-in). Aborting the signal cancels the body,
 * which ends the query on the server. Answers the file as a Blob: the browser keeps it (Chromium
 * spills large blobs to disk), the server never holds it.
 */
export async function downloadExport(
  dataset: ExportDataset,
  range: ExportRange,
  options: { signal: AbortSignal; onProgress: (progress: ExportProgress) => void },
): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(exportCsvUrl(dataset, range), {
      credentials: 'same-origin',
      headers: { accept: 'text/csv' },
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal.aborted) throw cause;
    throw networkError(cause);
  }
  if (!response.ok || !response.body) {
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const error = toApiClientError(response.status, body);
    reportAccessError(error);
    throw error;
  }
  const expectedRows = Number(response.headers.get(EXPORT_ROWS_HEADER) ?? 0);
  const counter = new CsvRowCounter();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  const reader = response.body.getReader();
  // Cancelling the body closes the connection, which is what tells the server to stop.
  const stop = () => void reader.cancel().catch(() => {});
  options.signal.addEventListener('abort', stop, { once: true });
  try {
    options.onProgress({ rows: 0, expectedRows });
    for (;;) {
      const { done, value } = await reader.read();
      if (options.signal.aborted) throw options.signal.reason;
      if (done) break;
      parts.push(value);
      options.onProgress({ rows: counter.push(value), expectedRows });
    }
  } finally {
    options.signal.removeEventListener('abort', stop);
  }
  return new Blob(parts, { type: 'text/csv;charset=utf-8' });
}
