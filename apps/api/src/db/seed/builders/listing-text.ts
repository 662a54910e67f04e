import type { ProjectType, SalesStatus, Stage } from '@offplan/shared';
import { NAME_WORDS } from '../catalog.ts';
import type { Rng } from '../prng.ts';

/** A listing's marketing text: its title and its description. */

export const YOUTUBE_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function titleFor(rng: Rng, projectType: ProjectType, suburb: string, streetName: string): string {
  const word = rng.pick(NAME_WORDS);
  const street = streetName.replace(/ (Street|Road|Parade)$/, '');
  const patterns: string[] =
    projectType === 'TOWNHOUSE'
      ? [
          `${word} Townhomes`,
          `${word} Terraces`,
          `${word} Mews`,
          `The ${word} Collection`,
          `${word} Green`,
          `${word} Row`,
        ]
      : projectType === 'HIGH_RISE'
        ? [`One ${word}`, `${word} Tower`, `The ${word}`, `${word} ${suburb}`, `The ${word} Residences`]
        : [
            `The ${word} Residences`,
            `${word} Apartments`,
            `${word} on ${street}`,
            `${word} House`,
            `${word} Place`,
            `${word} Gardens`,
            `${word} Quarter`,
            `${suburb} Central`,
            `The ${word}`,
          ];
  return rng.pick(patterns);
}

export type DescriptionInput = {
  title: string;
  suburb: string;
  projectType: ProjectType;
  developerName: string;
  builderName: string;
  architect: string;
  amenities: string[];
  stage: Stage;
  salesStatus: SalesStatus;
  completion: { quarter: number; year: number } | null;
  levels: number;
  homes: number;
};

export function describeListing(rng: Rng, d: DescriptionInput): string {
  const intro: Record<ProjectType, string> = {
    HIGH_RISE: `${d.title} is a landmark ${d.levels}-level tower rising above ${d.suburb}, with ${d.homes} residences framing sweeping views across the city and beyond.`,
    MID_RISE: `${d.title} brings ${d.homes} boutique apartments across ${d.levels} levels to the heart of ${d.suburb}, moments from cafés, parks and public transport.`,
    LOW_RISE: `A collection of just ${d.homes} residences over ${d.levels} levels, ${d.title} offers a quiet, leafy address in ${d.suburb} with everything you need close by.`,
    TOWNHOUSE: `${d.title} is a community of ${d.homes} architect-designed townhomes in ${d.suburb}, made for families who want space, light and room to grow.`,
  };
  const finishes = rng.sample(
    [
      'stone benchtops',
      'integrated European appliances',
      'engineered oak floors',
      'floor-to-ceiling glazing',
      'LED downlights throughout',
      'full-height tiling',
      'generous built-in storage',
      'double-glazed windows',
    ],
    3,
  );
  // Lower-case the first letter for prose, but keep acronyms such as BBQ and EV.
  const features = d.amenities
    .slice(0, 4)
    .map((amenity) =>
      /^[A-Z][a-z]/.test(amenity) ? amenity.charAt(0).toLowerCase() + amenity.slice(1) : amenity,
    );
  const highlights =
    features.length > 1
      ? `${features.slice(0, -1).join(', ')} and ${features[features.length - 1]}`
      : features[0];
  const design = `Designed by ${d.architect} for ${d.developerName} and built by ${d.builderName}, every home features ${finishes[0]}, ${finishes[1]} and ${finishes[2]}.${highlights ? ` Highlights include ${highlights}.` : ''}`;
  const when = d.completion ? `Q${d.completion.quarter} ${d.completion.year}` : null;
  let status: string;
  if (d.stage === 'NOT_PROCEEDING') status = 'This project is not proceeding.';
  else if (d.stage === 'COMPLETE') {
    status =
      d.salesStatus === 'SOLD_OUT'
        ? 'Construction is complete and every home has been sold. Thank you to our buyers.'
        : 'Construction is complete and the last remaining homes are ready to move into now. Inspect the display home this weekend.';
  } else if (d.salesStatus === 'SOLD_OUT') {
    status = `All homes have been sold.${when ? ` Completion is expected in ${when}.` : ''}`;
  } else if (d.salesStatus === 'SELLING_NOW') {
    status = `${d.stage === 'COMMENCED' ? 'Construction is well under way' : 'Construction is about to begin'}${when ? `, with completion expected in ${when}` : ''}. Enquire today to secure your home at launch pricing.`;
  } else if (d.salesStatus === 'REGISTRATIONS_OF_INTEREST') {
    status =
      'Registrations of interest are now open: register to receive floorplans and pricing before public release.';
  } else {
    status =
      'Launching soon. Register your interest to be the first to hear about release dates and pricing.';
  }
  return [intro[d.projectType], design, status].join('\n\n');
}
