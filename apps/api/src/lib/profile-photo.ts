import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { ERROR_CODES, PROFILE_PHOTO_MAX_BYTES } from '@offplan/shared';
import type { Env, Hono, Schema } from 'hono';
import { AppError } from './errors.ts';
import { acceptedImage, uprightImage } from './images.ts';

export const UPLOADS_URL_PREFIX = '/media/uploads/';
const AVATAR_SIZE = 256;

export const uploadsDir = (dataDir: string) => path.resolve(dataDir, 'uploads');

/**
 * Checks the upload by its content (not its name or declared type), then stores a 256 px square
 * WebP without metadata (no GPS position from a phone photo). Answers the public URL.
 */
export async function storeProfilePhoto(dataDir: string, userId: string, file: File): Promise<string> {
  if (file.size > PROFILE_PHOTO_MAX_BYTES) {
    throw new AppError(413, ERROR_CODES.payloadTooLarge, 'The photo is larger than 5 MB.', {
      file: 'Use a photo up to 5 MB.',
    });
  }
  const input = Buffer.from(await file.arrayBuffer());
  const notAnImage = new AppError(400, ERROR_CODES.unsupportedImage, 'Upload a JPEG, PNG or WebP photo.', {
    file: 'Upload a JPEG, PNG or WebP photo.',
  });
  if (!(await acceptedImage(input))) throw notAnImage;
  const output = await uprightImage(input)
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
    .webp({ quality: 82 })
    .toBuffer();
  const folder = path.join(uploadsDir(dataDir), 'avatars');
  await mkdir(folder, { recursive: true });
  const name = `${userId.replace(/[^\w-]/g, '')}-${randomBytes(6).toString('hex')}.webp`;
  await writeFile(path.join(folder, name), output);
  return `${UPLOADS_URL_PREFIX}avatars/${name}`;
}

/** Removes a photo stored by storeProfilePhoto (anything else, such as demo media, is left alone). */
export async function removeProfilePhoto(dataDir: string, url: string | null | undefined) {
  if (!url?.startsWith(`${UPLOADS_URL_PREFIX}avatars/`)) return;
  const name = path.basename(url);
  await unlink(path.join(uploadsDir(dataDir), 'avatars', name)).catch(() => {});
}

export const PROFILE_PHOTO_PATH = '/api/account/photo';

/** Serves stored uploads under /media/uploads/ (file names are random: cache them for a day). */
export function mountUploads<E extends Env, S extends Schema, B extends string>(
  app: Hono<E, S, B>,
  dataDir: string,
) {
  mkdirSync(uploadsDir(dataDir), { recursive: true });
  const serveUploads = serveStatic({
    root: uploadsDir(dataDir),
    rewriteRequestPath: (requestPath) => requestPath.slice(UPLOADS_URL_PREFIX.length - 1),
  });
  app.use(`${UPLOADS_URL_PREFIX}*`, async (c, next) => {
    const response = await serveUploads(c, async () => {});
    if (!response) return next();
    response.headers.set('Cache-Control', 'public, max-age=86400');
    return response;
  });
}
