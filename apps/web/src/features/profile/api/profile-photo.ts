import { PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_TYPES, profilePhotoSchema } from '@offplan/shared';
import { useMutation } from '@tanstack/react-query';
import {
  ApiClientError,
  apiRequest,
  CLIENT_ERROR_CODES,
  networkError,
  reportAccessError,
  toApiClientError,
} from '../../../lib/api-client.ts';
import { useRefreshSession } from '../hooks/use-refresh-session.ts';

export type ProfilePhoto = { image: string | null };

const MAX_MEGABYTES = Math.round(PROFILE_PHOTO_MAX_BYTES / (1024 * 1024));

export const PHOTO_MESSAGES = {
  type: 'Choose a JPEG, PNG or WebP image.',
  size: `Choose an image of at most ${MAX_MEGABYTES} MB.`,
} as const;

/** The same checks the server makes (it also reads the content), so a wrong file never travels. */
export function photoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(PROFILE_PHOTO_TYPES as readonly string[]).includes(file.type)) return PHOTO_MESSAGES.type;
  if (file.size > PROFILE_PHOTO_MAX_BYTES) return PHOTO_MESSAGES.size;
  return null;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/**
 * POST /api/account/photo as multipart/form-data (field `file`). apiRequest speaks JSON only, so this
 * one call does its own fetch and reports failures the way apiRequest does.
 */
export async function uploadProfilePhoto(file: File): Promise<ProfilePhoto> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(new URL('/api/account/photo', window.location.origin), {
      method: 'POST',
      headers: { accept: 'application/json' },
      body,
      credentials: 'same-origin',
    });
  } catch (cause) {
    throw networkError(cause);
  }
  const json = await readJson(response);
  if (!response.ok) {
    const error = toApiClientError(response.status, json);
    reportAccessError(error);
    throw error;
  }
  const parsed = profilePhotoSchema.safeParse(json);
  if (!parsed.success) {
    throw new ApiClientError({
      status: response.status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: 'Something went wrong. Please try again.',
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** DELETE /api/account/photo. */
export function removeProfilePhoto(): Promise<ProfilePhoto> {
  return apiRequest('/api/account/photo', { method: 'DELETE', schema: profilePhotoSchema });
}

export function useUploadProfilePhoto() {
  const refreshSession = useRefreshSession();
  return useMutation<ProfilePhoto, ApiClientError, File>({
    mutationFn: uploadProfilePhoto,
    onSuccess: () => refreshSession(),
  });
}

export function useRemoveProfilePhoto() {
  const refreshSession = useRefreshSession();
  return useMutation<ProfilePhoto, ApiClientError, void>({
    mutationFn: removeProfilePhoto,
    onSuccess: () => refreshSession(),
  });
}
