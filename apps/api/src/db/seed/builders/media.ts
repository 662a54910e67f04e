import type { ProjectType } from '@offplan/shared';
import { DEMO_BROCHURE, DEMO_FLOORPLAN, DEMO_IMAGES, type DemoImage } from '../demo-media.ts';
import type { Rng } from '../prng.ts';
import type { MediaRow, ProjectRow } from './common.ts';

/** A listing's media: a hero and up to three more images of its kind of building, maybe a brochure and a floorplan. */
export function mediaFor(rng: Rng, project: ProjectRow, createdAt: Date): MediaRow[] {
  const projectType = project.projectType as ProjectType;
  const heroPool = DEMO_IMAGES.filter((image) => image.projectType === projectType);
  const hero = rng.pick(heroPool);
  const sameBuilding = DEMO_IMAGES.filter(
    (image) => image !== hero && (image.projectType === 'TOWNHOUSE') === (projectType === 'TOWNHOUSE'),
  );
  const images: DemoImage[] = [hero, ...rng.sample(sameBuilding, rng.int(1, 4) - 1)];
  const rows: MediaRow[] = images.map((image, position) => ({
    projectId: project.id,
    kind: 'image',
    url: image.url,
    fileName: `${project.slug}-${position + 1}.svg`,
    mimeType: image.mimeType,
    sizeBytes: image.sizeBytes,
    width: image.width,
    height: image.height,
    position,
    isHero: position === 0,
    createdAt,
  }));
  if (rng.chance(0.45)) {
    rows.push({
      projectId: project.id,
      kind: 'brochure',
      url: DEMO_BROCHURE.url,
      fileName: `${project.slug}-brochure.pdf`,
      mimeType: DEMO_BROCHURE.mimeType,
      sizeBytes: DEMO_BROCHURE.sizeBytes,
      position: 0,
      isHero: false,
      createdAt,
    });
  }
  if (rng.chance(0.4)) {
    rows.push({
      projectId: project.id,
      kind: 'floorplan',
      url: DEMO_FLOORPLAN.url,
      fileName: `${project.slug}-floorplan.svg`,
      mimeType: DEMO_FLOORPLAN.mimeType,
      sizeBytes: DEMO_FLOORPLAN.sizeBytes,
      width: DEMO_FLOORPLAN.width,
      height: DEMO_FLOORPLAN.height,
      position: 0,
      isHero: false,
      createdAt,
    });
  }
  return rows;
}
