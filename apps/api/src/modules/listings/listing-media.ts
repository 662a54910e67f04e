import { randomBytes } from 'node:crypto';
import { ERROR_CODES, MEDIA_LIMITS, type MediaKind } from '@offplan/shared';
import { AppError } from '../../lib/errors.ts';
import { acceptedImage, acceptedPdf, uprightImage } from '../../lib/images.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { LARGE_SUFFIX, SMALL_SUFFIX } from './listings.repository.ts';

export type StoredMedia = {
  url: string;
  /** Every stored object, so a failed database write can remove them again. */
  urls: string[];
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
};

const invalid = (message: string) =>
  new AppError(400, ERROR_CODES.unsupportedFile, message, { file: message });

/**
 * The name shown for an upload: the client's base name with anything unusual replaced. A name that
 * carries a path (`../x`, `a/b`, `C:\x`) or control characters is refused: it is never a real
 * browser upload. Stored object keys never use it.
 */
export function displayFileName(name: string, fallbackExtension: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[/\\\u0000-\u001f]/.test(name) || name.split(/[/\\]/).includes('..') || name.startsWith('.')) {
    throw new AppError(
      400,
      ERROR_CODES.invalidFileName,
      'The file name must be a plain name, without a path.',
      {
        file: 'The file name must be a plain name, without a path.',
      },
    );
  }
  const cleaned = name
    .normalize('NFKC')
    .replace(/[^\w .()-]+/g, '_')
    .trim()
    .slice(-120);
  return cleaned || `file.${fallbackExtension}`;
}

/**
 * Checks an upload by its content (sharp for images; documents as whole PDFs, lib/images.ts), then
 * stores it through the media storage under a server-made key:
 * - image: JPEG/PNG/WebP up to 10 MB → WebP 1600 and 800 wide (never enlarged, metadata stripped);
 * - brochure/floorplan: PDF, or an image (kept as one WebP up to 2400 wide), up to 20 MB.
 */
export async function processUpload(
  storage: MediaStorage,
  projectId: number,
  kind: MediaKind,
  file: File,
): Promise<StoredMedia> {
  const isImageKind = kind === 'image';
  const maxBytes = isImageKind ? MEDIA_LIMITS.imageMaxBytes : MEDIA_LIMITS.documentMaxBytes;
  if (file.size > maxBytes) {
    const message = `The file is larger than ${maxBytes / 1024 / 1024} MB.`;
    throw new AppError(413, ERROR_CODES.payloadTooLarge, message, { file: message });
  }
  if (file.size === 0) throw invalid('The file is empty.');
  const input = Buffer.from(await file.arrayBuffer());
  const base = `listings/${projectId}/${randomBytes(9).toString('hex')}`;
  const isPdf = input.subarray(0, 5).toString('latin1') === '%PDF-';

  if (!isImageKind && isPdf) {
    // Issue 15 finding 8: the signature alone let an HTML page that starts with %PDF- through.
    if (!acceptedPdf(input)) {
      throw invalid(
        'This PDF is incomplete or holds web-page content. Export it again as a PDF and upload that.',
      );
    }
    const fileName = displayFileName(file.name || 'document.pdf', 'pdf');
    const url = await storage.put(`${base}.pdf`, input, 'application/pdf');
    return {
      url,
      urls: [url],
      fileName,
      mimeType: 'application/pdf',
      sizeBytes: input.length,
      width: null,
      height: null,
    };
  }
  const meta = await acceptedImage(input);
  if (!meta) {
    throw invalid(
      isImageKind ? 'Upload a JPEG, PNG or WebP image.' : 'Upload a PDF, or a JPEG, PNG or WebP image.',
    );
  }
  const fileName = displayFileName(file.name || 'image', 'webp');
  const pipeline = () => uprightImage(input);
  if (!isImageKind) {
    const { data, info } = await pipeline()
      .resize({ width: 2400, withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
    const url = await storage.put(`${base}.webp`, data, 'image/webp');
    return {
      url,
      urls: [url],
      fileName,
      mimeType: 'image/webp',
      sizeBytes: data.length,
      width: info.width,
      height: info.height,
    };
  }
  const [large, small] = await Promise.all(
    MEDIA_LIMITS.imageWidths.map((width) =>
      pipeline()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
    ),
  );
  const urls: string[] = [];
  try {
    urls.push(await storage.put(`${base}${LARGE_SUFFIX}`, large!.data, 'image/webp'));
    urls.push(await storage.put(`${base}${SMALL_SUFFIX}`, small!.data, 'image/webp'));
  } catch (error) {
    await Promise.all(urls.map((url) => storage.remove(url)));
    throw error;
  }
  return {
    url: urls[0]!,
    urls,
    fileName,
    mimeType: 'image/webp',
    sizeBytes: large!.data.length,
    width: large!.info.width,
    height: large!.info.height,
  };
}

/** Every stored object of a media row (both web sizes of an image). */
export const storedUrlsOf = (row: { kind: MediaKind; url: string }) =>
  row.kind === 'image' && row.url.endsWith(LARGE_SUFFIX)
    ? [row.url, `${row.url.slice(0, -LARGE_SUFFIX.length)}${SMALL_SUFFIX}`]
    : [row.url];
