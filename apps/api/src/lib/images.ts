import type { Sharp, SharpOptions } from 'sharp';

type SharpFactory = (input: Buffer, options: SharpOptions) => Sharp;

/**
 * sharp and its native library load on the first upload, not at start: a tenth of a second that
 * only image uploads need (issue 21).
 */
let sharp: SharpFactory | undefined;
async function loadSharp(): Promise<SharpFactory> {
  sharp ??= (await import('sharp')).default;
  return sharp;
}

/** What uploads accept as images: JPEG, PNG and WebP, told by their content, never by name or type. */
const ACCEPTED_IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** Decoding stops beyond this many pixels: a small file can declare a canvas that exhausts memory. */
const PIXEL_LIMIT = 80_000_000;

/** The upload's format and size when it is an image uploads accept; null for anything else. */
export async function acceptedImage(
  input: Buffer,
): Promise<{ format: string; width: number; height: number } | null> {
  try {
    const meta = await (await loadSharp())(input, { limitInputPixels: PIXEL_LIMIT }).metadata();
    if (!meta.format || !ACCEPTED_IMAGE_FORMATS.has(meta.format) || !meta.width || !meta.height) return null;
    return { format: meta.format, width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

/**
 * An accepted image, turned upright by its EXIF orientation; the output written carries no metadata.
 * `acceptedImage` comes first, and it loads the library.
 */
export function uprightImage(input: Buffer) {
  if (!sharp) throw new Error('uprightImage takes an image acceptedImage has accepted');
  return sharp(input, { limitInputPixels: PIXEL_LIMIT }).rotate();
}

/** PDF 1.0–1.7 and 2.0, as the first bytes of the file (issue 15 finding 8: checked as a whole document). */
const PDF_HEADER = /^%PDF-(?:1\.\d|2\.0)/;
/** Readers look for the end-of-file marker (and the cross-reference pointer before it) in the last 1024 bytes. */
const PDF_TAIL_BYTES = 1024;
const PDF_END = /%%EOF/;
/** The cross-reference pointer of a complete file, or at least its trailer dictionary. */
const PDF_CROSS_REFERENCE = /startxref\s+\d+\s|trailer\s*<</;
/**
 * Markup a browser would render if the file were ever served or sniffed as a page: a "PDF" that holds it
 * is a polyglot built to pass a signature check, not a brochure.
 */
const MARKUP = /<(?:html|script|!doctype|svg|body|iframe)/i;

/**
 * Whether an upload is a PDF as a whole, not only by its first bytes (issue 15 finding 8): the header,
 * an end-of-file marker and a cross-reference pointer or trailer near the end, and no web-page markup
 * anywhere. A cheap structural check, not a full parse: it refuses truncated files and HTML polyglots.
 */
export function acceptedPdf(input: Buffer): boolean {
  if (!PDF_HEADER.test(input.subarray(0, 16).toString('latin1'))) return false;
  const tail = input.subarray(Math.max(0, input.length - PDF_TAIL_BYTES)).toString('latin1');
  if (!PDF_END.test(tail) || !PDF_CROSS_REFERENCE.test(tail)) return false;
  return !MARKUP.test(input.toString('latin1'));
}
