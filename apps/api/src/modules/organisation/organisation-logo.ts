import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ERROR_CODES, ORGANISATION_LOGO_MAX_BYTES, ORGANISATION_MESSAGES } from '@offplan/shared';
import { AppError } from '../../lib/errors.ts';
import { acceptedImage, uprightImage } from '../../lib/images.ts';
import { UPLOADS_URL_PREFIX, uploadsDir } from '../../lib/profile-photo.ts';

/** A logo fits this box (its shape kept, never enlarged): enough for a header or a listing card. */
const LOGO_BOX = 512;
const LOGOS_FOLDER = 'logos';

/**
 * Checks the upload by its content (not its name or declared type), as profile photos are, then
 * stores a WebP without metadata, transparency kept, beside the profile photos under DATA_DIR's
 * uploads (served at /media/uploads/). Answers the public URL.
 */
export async function storeOrganisationLogo(dataDir: string, organisationId: string, file: File) {
  if (file.size > ORGANISATION_LOGO_MAX_BYTES) {
    throw new AppError(413, ERROR_CODES.payloadTooLarge, ORGANISATION_MESSAGES.logoTooLarge, {
      file: ORGANISATION_MESSAGES.logoTooLarge,
    });
  }
  const input = Buffer.from(await file.arrayBuffer());
  if (!(await acceptedImage(input))) {
    throw new AppError(400, ERROR_CODES.unsupportedImage, ORGANISATION_MESSAGES.logoInvalid, {
      file: ORGANISATION_MESSAGES.logoInvalid,
    });
  }
  const output = await uprightImage(input)
    .resize(LOGO_BOX, LOGO_BOX, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 88 })
    .toBuffer();
  const folder = path.join(uploadsDir(dataDir), LOGOS_FOLDER);
  await mkdir(folder, { recursive: true });
  const name = `${organisationId.replace(/[^\w-]/g, '')}-${randomBytes(6).toString('hex')}.webp`;
  await writeFile(path.join(folder, name), output);
  return `${UPLOADS_URL_PREFIX}${LOGOS_FOLDER}/${name}`;
}

/** Removes a logo stored by storeOrganisationLogo (anything else, such as a demo logo, is left alone). */
export async function removeOrganisationLogo(dataDir: string, url: string | null | undefined) {
  if (!url?.startsWith(`${UPLOADS_URL_PREFIX}${LOGOS_FOLDER}/`)) return;
  await unlink(path.join(uploadsDir(dataDir), LOGOS_FOLDER, path.basename(url))).catch(() => {});
}
