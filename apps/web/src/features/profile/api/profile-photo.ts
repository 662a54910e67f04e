import { API_PATHS, PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_TYPES, profilePhotoSchema } from '@offplan/shared';
import { useMutation } from '@tanstack/react-query';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';
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

/** POST /api/account/photo as multipart/form-data (field `file`). */
export function uploadProfilePhoto(file: File): Promise<ProfilePhoto> {
  const body = new FormData();
  body.append('file', file);
  return apiRequest(API_PATHS.accountPhoto, { method: 'POST', body, schema: profilePhotoSchema });
}

/** DELETE /api/account/photo. */
export function removeProfilePhoto(): Promise<ProfilePhoto> {
  return apiRequest(API_PATHS.accountPhoto, { method: 'DELETE', schema: profilePhotoSchema });
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
