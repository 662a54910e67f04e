import type { Stage } from '@offplan/shared';
import {
  APARTMENT_AMENITIES,
  ARCHITECTS,
  BUILDERS,
  DISPLAY_SUITE_HOURS,
  MARKETERS,
  STREETS,
  TOWNHOUSE_AMENITIES,
} from '../catalog.ts';
import type { Rng } from '../prng.ts';
import { daysBefore, demoUserId, kebab, type ProjectRow } from './common.ts';
import type { ListingPlan } from './listing-plan.ts';
import { describeListing, titleFor, YOUTUBE_ID_CHARS } from './listing-text.ts';

/** What a listing row needs from the rest of the build. */
export type ProjectRowContext = {
  now: number;
  /** The current quarter as year * 4 + quarter index. */
  nowQuarter: number;
  /** A slug not yet used under the prefix (the state), recorded as used. */
  uniqueSlug: (prefix: string, base: string) => string;
  /** The owner of an organisation (by key), who created its listings. */
  ownerOf: (orgKey: string) => { key: string };
};

/** The listing row of `plan`, its details drawn from `r` (the listing's own generator). */
export function buildProjectRow(
  r: Rng,
  id: number,
  plan: ListingPlan,
  context: ProjectRowContext,
): ProjectRow {
  const { now, nowQuarter, uniqueSlug, ownerOf } = context;
  const { suburb, projectType, stage, salesStatus } = plan;
  const prefix = suburb.state.toLowerCase();
  const streetName = r.pick(STREETS);
  const firstNumber = r.int(1, 300);
  const streetNumber = r.chance(0.3)
    ? `${firstNumber}-${firstNumber + 2 * r.int(1, 5)}`
    : String(r.int(1, 420));
  const title = plan.title ?? titleFor(r, projectType, suburb.suburb, streetName);
  const slug = uniqueSlug(prefix, kebab(`${title} ${suburb.suburb}`));
  const createdAt = daysBefore(now, (stage === 'COMPLETE' ? r.int(200, 1100) : r.int(8, 900)) + r.next());
  const updatedAt = new Date(createdAt.getTime() + Math.floor(r.next() * (now - createdAt.getTime())));
  const completionOffset: Record<Stage, [number, number]> = {
    IN_PLANNING: [8, 16],
    PRECONSTRUCTION: [5, 12],
    COMMENCED: [1, 8],
    COMPLETE: [-10, -1],
    NOT_PROCEEDING: [4, 12],
  };
  const hasCompletion = !(stage === 'IN_PLANNING' || stage === 'NOT_PROCEEDING') || r.chance(0.6);
  const target = nowQuarter + r.int(...completionOffset[stage]);
  const completion = hasCompletion ? { quarter: (target % 4) + 1, year: Math.floor(target / 4) } : null;
  const amenities =
    projectType === 'TOWNHOUSE'
      ? r.sample(TOWNHOUSE_AMENITIES, r.int(3, 6))
      : r.sample(APARTMENT_AMENITIES, r.int(4, 7));
  const levels = {
    HIGH_RISE: r.int(20, 55),
    MID_RISE: r.int(6, 12),
    LOW_RISE: r.int(3, 5),
    TOWNHOUSE: r.int(2, 3),
  }[projectType];
  const homes = {
    HIGH_RISE: r.int(180, 520),
    MID_RISE: r.int(40, 180),
    LOW_RISE: r.int(12, 48),
    TOWNHOUSE: r.int(8, 60),
  }[projectType];
  const builderName = r.pick(BUILDERS);
  const marketerName = r.weighted<string | null>([
    [null, 40],
    [plan.developerName, 25],
    [r.pick(MARKETERS), 35],
  ]);
  const selling = salesStatus === 'SELLING_NOW' || salesStatus === 'REGISTRATIONS_OF_INTEREST';
  const displaySuite = selling && stage !== 'COMPLETE' && r.chance(0.6);
  const owner = plan.owner;
  const row: ProjectRow = {
    id,
    name: `${title} (${suburb.suburb} ${suburb.state})`,
    title,
    description: describeListing(r, {
      title,
      suburb: suburb.suburb,
      projectType,
      developerName: plan.developerName,
      builderName,
      architect: r.pick(ARCHITECTS),
      amenities,
      stage,
      salesStatus,
      completion,
      levels,
      homes,
    }),
    developerName: plan.developerName,
    builderName,
    marketerName,
    buildingType: projectType === 'TOWNHOUSE' ? 'TOWNHOUSES' : 'APARTMENTS',
    projectType,
    stage,
    salesStatus,
    salesPeriodStage: plan.salesPeriodStage,
    campaignType: plan.campaignType,
    fullAddress: `${streetNumber} ${streetName}, ${suburb.suburb} ${suburb.state} ${suburb.postcode}`,
    streetNumber,
    streetName,
    suburb: suburb.suburb,
    state: suburb.state,
    postcode: suburb.postcode,
    lga: suburb.lga,
    country: 'Australia',
    lat: Math.round((suburb.lat + (r.next() - 0.5) * 0.012) * 1e6) / 1e6,
    lng: Math.round((suburb.lng + (r.next() - 0.5) * 0.012) * 1e6) / 1e6,
    amenities,
    estimatedCompletionQuarter: completion?.quarter ?? null,
    estimatedCompletionYear: completion?.year ?? null,
    videoUrl:
      salesStatus !== 'HIDDEN' && r.chance(0.35)
        ? `https://www.youtube.com/watch?v=${Array.from({ length: 11 }, () => r.pick([...YOUTUBE_ID_CHARS])).join('')}`
        : null,
    website: r.chance(0.7) ? `https://www.${kebab(title).replace(/-/g, '')}.example` : null,
    displaySuiteAddress: displaySuite
      ? `${r.int(1, 200)} ${r.pick(STREETS)}, ${suburb.suburb} ${suburb.state} ${suburb.postcode}`
      : null,
    displaySuiteHours: displaySuite ? r.pick(DISPLAY_SUITE_HOURS) : null,
    prefix,
    slug,
    organisationId: owner?.id ?? null,
    createdById: owner
      ? demoUserId(owner.key === 'harbourline' ? 'developer' : ownerOf(owner.key).key)
      : null,
    createdAt,
    updatedAt,
  };
  return row;
}
