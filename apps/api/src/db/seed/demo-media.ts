import type { ProjectType } from '@offplan/shared';

/**
 * The demo media files under apps/api/assets/demo, served by the portal at /media/demo/…
 * Drawn by render-demo-assets.ts; demo-data.test.ts checks these sizes against the files.
 */
export const DEMO_MEDIA_BASE_URL = '/media/demo';
/** Folder of the files, relative to apps/api. */
export const DEMO_ASSETS_DIR = 'assets/demo';

export type DemoImage = {
  url: string;
  fileName: string;
  mimeType: 'image/svg+xml';
  sizeBytes: number;
  width: number;
  height: number;
  /** The kind of building the illustration shows. */
  projectType: ProjectType;
};

const IMAGE_SIZES = [25031, 25107, 28052, 20219, 20216, 23376, 18660, 18712, 18587, 16945, 16845, 16936];
const IMAGE_TYPES: ProjectType[] = ['HIGH_RISE', 'MID_RISE', 'LOW_RISE', 'TOWNHOUSE'];

export const DEMO_IMAGES: readonly DemoImage[] = IMAGE_SIZES.map((sizeBytes, index) => ({
  url: `${DEMO_MEDIA_BASE_URL}/${index + 1}.svg`,
  fileName: `${index + 1}.svg`,
  mimeType: 'image/svg+xml',
  sizeBytes,
  width: 1200,
  height: 800,
  projectType: IMAGE_TYPES[Math.floor(index / 3)]!,
}));

export const DEMO_FLOORPLAN = {
  url: `${DEMO_MEDIA_BASE_URL}/floorplan.svg`,
  fileName: 'floorplan.svg',
  mimeType: 'image/svg+xml',
  sizeBytes: 4969,
  width: 1200,
  height: 800,
} as const;

export const DEMO_BROCHURE = {
  url: `${DEMO_MEDIA_BASE_URL}/brochure.pdf`,
  fileName: 'brochure.pdf',
  mimeType: 'application/pdf',
  sizeBytes: 1899,
} as const;

/** Every file the demo data points at, relative to DEMO_ASSETS_DIR. */
export const DEMO_MEDIA_FILES: readonly string[] = [
  ...DEMO_IMAGES.map((image) => image.fileName),
  DEMO_FLOORPLAN.fileName,
  DEMO_BROCHURE.fileName,
];
