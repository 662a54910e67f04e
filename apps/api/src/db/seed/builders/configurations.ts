import type { ProjectType, SalesStatus, Stage } from '@offplan/shared';
import { APARTMENT_CONFIGS, type ConfigTemplate, STATE_PRICE_FACTOR, TOWNHOUSE_CONFIGS } from '../catalog.ts';
import type { Rng } from '../prng.ts';
import type { SuburbInfo } from '../suburbs.ts';
import { type ConfigRow, roundTo } from './common.ts';

/** A listing's configurations (one to four consecutive templates), priced for its suburb. */
export function configurationsFor(
  rng: Rng,
  projectId: number,
  projectType: ProjectType,
  suburb: SuburbInfo,
  salesStatus: SalesStatus,
  stage: Stage,
): ConfigRow[] {
  const templates: readonly ConfigTemplate[] =
    projectType === 'TOWNHOUSE' ? TOWNHOUSE_CONFIGS : APARTMENT_CONFIGS;
  const eligible = projectType === 'HIGH_RISE' ? templates : templates.filter((t) => t.name !== 'Penthouse');
  const count = Math.min(rng.int(1, 4), eligible.length);
  const start = rng.int(0, eligible.length - count);
  const priceFactor = STATE_PRICE_FACTOR[suburb.state] * suburb.priceFactor;
  return eligible.slice(start, start + count).map((template, position) => {
    const priceFrom = roundTo(template.basePrice * priceFactor * (0.9 + rng.next() * 0.2), 5000);
    const size = template.sizeSqm[0] + rng.next() * (template.sizeSqm[1] - template.sizeSqm[0]);
    return {
      projectId,
      name: template.name,
      bedrooms: template.bedrooms,
      bathrooms: template.bathrooms,
      carSpaces: rng.int(template.carSpaces[0], template.carSpaces[1]),
      priceFrom,
      priceTo: rng.chance(0.2) ? null : roundTo(priceFrom * (1.08 + rng.next() * 0.27), 5000),
      internalSizeSqm: Math.round(size * 10) / 10,
      stockAvailable:
        salesStatus === 'SOLD_OUT' || stage === 'NOT_PROCEEDING'
          ? 0
          : stage === 'COMPLETE'
            ? rng.int(1, 6)
            : rng.int(2, 30),
      position,
    };
  });
}
