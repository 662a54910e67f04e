import { type ListingMediaUpdate, MEDIA_LIMITS, type MediaKind } from '@offplan/shared';
import { apiRequest, networkError, reportAccessError, toApiClientError } from '../../../lib/api-client.ts';
import { listingAnswerSchema, listingPath } from './listing.ts';

export const mediaPath = (listingId: number) => `${listingPath(listingId)}/media`;

/** Client-side check of a file before it is sent (the server checks again). Null when acceptable. */
export function mediaFileProblem(kind: MediaKind, file: File): string | null {
  const image = kind === 'image';
  const types: readonly string[] = image ? MEDIA_LIMITS.imageMimeTypes : MEDIA_LIMITS.documentMimeTypes;
  const max = image ? MEDIA_LIMITS.imageMaxBytes : MEDIA_LIMITS.documentMaxBytes;
  if (!types.includes(file.type)) {
    return image
      ? `${file.name}: upload a JPEG, PNG or WebP image.`
      : `${file.name}: upload a PDF or an image.`;
  }
  if (file.size > max) return `${file.name} is larger than ${Math.round(max / 1024 / 1024)} MB.`;
  return null;
}

/**
 * POST /api/listings/{id}/media (multipart: kind, file). Uses XMLHttpRequest because fetch cannot
 * report upload progress. Rejects with an ApiClientError like every other call.
 */
export function uploadMedia(
  listingId: number,
  kind: MediaKind,
  file: File,
  onProgress: (percent: number) => void,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.append('kind', kind);
    body.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', mediaPath(listingId));
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(networkError(new Error('upload failed')));
    xhr.onload = () => {
      let answer: unknown = null;
      try {
        answer = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        answer = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(answer);
        return;
      }
      const error = toApiClientError(xhr.status, answer);
      reportAccessError(error);
      reject(error);
    };
    xhr.send(body);
  });
}

/** PATCH /api/listings/{id}/media: reorder one kind and/or choose the hero image. */
export function updateMedia(listingId: number, update: ListingMediaUpdate) {
  return apiRequest(mediaPath(listingId), { method: 'PATCH', body: update, schema: listingAnswerSchema });
}

/** DELETE /api/listings/{id}/media/{mediaId}. */
export function deleteMedia(listingId: number, mediaId: number) {
  return apiRequest(`${mediaPath(listingId)}/${mediaId}`, { method: 'DELETE', schema: listingAnswerSchema });
}
