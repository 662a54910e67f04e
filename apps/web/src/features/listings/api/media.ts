import { API_PATHS, type ListingMediaUpdate, MEDIA_LIMITS, type MediaKind } from '@offplan/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { listingAnswerSchema } from './listing.ts';

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

/** POST /api/listings/{id}/media (multipart: kind, file), reporting upload progress. */
export function uploadMedia(
  listingId: number,
  kind: MediaKind,
  file: File,
  onProgress: (percent: number) => void,
): Promise<unknown> {
  const body = new FormData();
  body.append('kind', kind);
  body.append('file', file, file.name);
  return apiRequest(API_PATHS.listingMedia(listingId), {
    method: 'POST',
    body,
    onUploadProgress: onProgress,
    schema: z.unknown(),
  });
}

/** PATCH /api/listings/{id}/media: reorder one kind and/or choose the hero image. */
export function updateMedia(listingId: number, update: ListingMediaUpdate) {
  return apiRequest(API_PATHS.listingMedia(listingId), {
    method: 'PATCH',
    body: update,
    schema: listingAnswerSchema,
  });
}

/** DELETE /api/listings/{id}/media/{mediaId}. */
export function deleteMedia(listingId: number, mediaId: number) {
  return apiRequest(API_PATHS.listingMediaItem(listingId, mediaId), {
    method: 'DELETE',
    schema: listingAnswerSchema,
  });
}
