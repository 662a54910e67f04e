import { type ExportDataset, type ExportRange, exportFileName } from '@offplan/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ApiClientError, isApiClientError } from '../../../lib/api-client.ts';
import { downloadBlob } from '../../../lib/csv.ts';
import { downloadExport, type ExportProgress, recentExportsQueryKey } from '../api/exports.ts';

export type ExportRun =
  | { state: 'idle' }
  | ({ state: 'running'; dataset: ExportDataset } & ExportProgress)
  | { state: 'saved'; dataset: ExportDataset; rows: number; fileName: string }
  | { state: 'cancelled'; dataset: ExportDataset; rows: number }
  | { state: 'failed'; error: ApiClientError | Error };

/**
 * One export at a time from the page: streams it with progress, saves the file when the last row has
 * arrived, and cancels on request or when the page is left (the server then stops its query). Every
 * ending refreshes the recent exports, which the server audited.
 */
export function useExportDownload() {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<ExportRun>({ state: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (dataset: ExportDataset, range: ExportRange) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      let rows = 0;
      setRun({ state: 'running', dataset, rows: 0, expectedRows: 0 });
      try {
        const file = await downloadExport(dataset, range, {
          signal: abort.signal,
          onProgress: (progress) => {
            rows = progress.rows;
            if (!abort.signal.aborted) setRun({ state: 'running', dataset, ...progress });
          },
        });
        const fileName = exportFileName(dataset, range);
        downloadBlob(file, fileName);
        setRun({ state: 'saved', dataset, rows, fileName });
      } catch (error) {
        if (abort.signal.aborted) setRun({ state: 'cancelled', dataset, rows });
        else setRun({ state: 'failed', error: isApiClientError(error) ? error : (error as Error) });
      } finally {
        if (controller.current === abort) controller.current = null;
        void queryClient.invalidateQueries({ queryKey: recentExportsQueryKey });
      }
    },
    [queryClient],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const dismiss = useCallback(() => setRun({ state: 'idle' }), []);
  return { run, start, cancel, dismiss };
}
