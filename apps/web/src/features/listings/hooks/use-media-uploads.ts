import type { MediaKind } from '@offplan/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSaveStatusStore } from '../../../stores/save-status-store.ts';
import { listingChanged } from '../api/listing.ts';
import { mediaFileProblem, uploadMedia } from '../api/media.ts';

/** A file on its way up, or refused (then `error` says why until dismissed). */
export type Upload = { id: string; kind: MediaKind; name: string; percent: number; error?: string };

let uploadCounter = 0;

export function errorText(error: unknown) {
  return error instanceof Error ? error.message : 'Something went wrong';
}

export /** Runs one media change with the header save indicator, then reloads the listing. */
function useMediaAction(listingId: number) {
  const queryClient = useQueryClient();
  return async (action: () => Promise<unknown>) => {
    const status = useSaveStatusStore.getState();
    status.saving();
    try {
      await action();
      await listingChanged(queryClient, listingId);
      useSaveStatusStore.getState().saved();
      return true;
    } catch (error) {
      useSaveStatusStore.getState().failed(errorText(error));
      return false;
    }
  };
}

/** The uploads of a listing's media: each file checked, sent with progress, then the listing reloaded. */
export function useMediaUploads(listingId: number) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const queryClient = useQueryClient();

  const patchUpload = (id: string, patch: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, ...patch } : upload)));

  async function upload(kind: MediaKind, files: File[]) {
    for (const file of files) {
      uploadCounter += 1;
      const id = `upload-${uploadCounter}`;
      const problem = mediaFileProblem(kind, file);
      setUploads((current) => [
        ...current,
        { id, kind, name: file.name, percent: 0, ...(problem ? { error: problem } : {}) },
      ]);
      if (problem) continue;
      const status = useSaveStatusStore.getState();
      status.saving();
      try {
        await uploadMedia(listingId, kind, file, (percent) => patchUpload(id, { percent }));
        await listingChanged(queryClient, listingId);
        setUploads((current) => current.filter((item) => item.id !== id));
        useSaveStatusStore.getState().saved();
      } catch (error) {
        patchUpload(id, { error: `${file.name}: ${errorText(error)}` });
        useSaveStatusStore.getState().failed(errorText(error));
      }
    }
  }

  const dismiss = (id: string) => setUploads((current) => current.filter((upload) => upload.id !== id));

  return { uploads, upload, dismiss };
}
