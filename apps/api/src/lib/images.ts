import sharp from 'sharp';

/** What uploads accept as images: JPEG, PNG and WebP, told by their content, never by name or type. */
const ACCEPTED_IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** Decoding stops beyond this many pixels: a small file can declare a canvas that exhausts memory. */
const PIXEL_LIMIT = 80_000_000;

/** The upload's format and size when it is an image uploads accept; null for anything else. */
export async function acceptedImage(
  input: Buffer,
): Promise<{ format: string; width: number; height: number } | null> {
  try {
    const meta = await sharp(input, { limitInputPixels: PIXEL_LIMIT }).metadata();
    if (!meta.format || !ACCEPTED_IMAGE_FORMATS.has(meta.format) || !meta.width || !meta.height) return null;
    return { format: meta.format, width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

/** An accepted image, turned upright by its EXIF orientation; the output written carries no metadata. */
export const uprightImage = (input: Buffer) => sharp(input, { limitInputPixels: PIXEL_LIMIT }).rotate();
