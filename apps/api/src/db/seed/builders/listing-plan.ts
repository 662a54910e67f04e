import {
  AUSTRALIAN_STATES,
  type AustralianState,
  type CampaignType,
  PROJECT_TYPES,
  type ProjectType,
  type SalesPeriodStage,
  type SalesStatus,
  type Stage,
} from '@offplan/shared';
import {
  type DemoOrg,
  HARBOURLINE_LISTINGS,
  OTHER_DEVELOPERS,
  orgByKey,
  STATE_WEIGHTS,
  STATUS_COMBOS,
} from '../catalog.ts';
import type { Rng } from '../prng.ts';
import { SUBURBS_BY_STATE, type SuburbInfo } from '../suburbs.ts';
import { NO_ENQUIRY } from './common.ts';

/** What a listing is before its details are drawn: where, what kind, its status and who owns it. */
export type ListingPlan = {
  suburb: SuburbInfo;
  projectType: ProjectType;
  stage: Stage;
  salesStatus: SalesStatus;
  salesPeriodStage: SalesPeriodStage | null;
  campaignType: CampaignType;
  owner: DemoOrg | null;
  developerName: string;
  title?: string;
  /** Fixed listings always get configurations. */
  fixed: boolean;
};

/** The developer organisations other than Harbourline, and how many general listings they own in turn. */
export type GeneralOwners = { developerOrgs: DemoOrg[]; ownedRoundRobin: number };

/** The plan of listing number `index` (from 0): a fixed Harbourline listing, or one drawn from `r`. */
export function planListing(index: number, r: Rng, owners: GeneralOwners): ListingPlan {
  const fixed = HARBOURLINE_LISTINGS[index];
  if (!fixed) return planGeneralListing(index - HARBOURLINE_LISTINGS.length, r, owners);
  const suburb = SUBURBS_BY_STATE[fixed.state].find((entry) => entry.suburb === fixed.suburb);
  if (!suburb) throw new Error(`unknown suburb ${fixed.suburb} ${fixed.state}`);
  return {
    ...fixed,
    suburb,
    owner: fixed.owned ? orgByKey('harbourline') : null,
    developerName: 'Harbourline Developments',
    fixed: true,
  };
}

/** General listing `g` (from 0): the first ones cover every status, state and type for sure. */
function planGeneralListing(
  g: number,
  r: Rng,
  { developerOrgs, ownedRoundRobin }: GeneralOwners,
): ListingPlan {
  const combo =
    g < STATUS_COMBOS.length ? STATUS_COMBOS[g]! : r.weighted(STATUS_COMBOS.map((c) => [c, c[3]] as const));
  const owner: DemoOrg | null =
    g < ownedRoundRobin
      ? developerOrgs[g % developerOrgs.length]!
      : g % 4 === 1
        ? null
        : (() => {
            const state = r.weighted(STATE_WEIGHTS);
            const home = developerOrgs.filter((o) => o.homeStates.includes(state));
            return home.length && r.chance(0.7) ? r.pick(home) : r.pick(developerOrgs);
          })();
  const state: AustralianState =
    g < AUSTRALIAN_STATES.length
      ? AUSTRALIAN_STATES[g]!
      : owner && (g < ownedRoundRobin || r.chance(0.7))
        ? r.weighted(STATE_WEIGHTS.filter(([candidate]) => owner.homeStates.includes(candidate)))
        : r.weighted(STATE_WEIGHTS);
  const suburb = r.pick(SUBURBS_BY_STATE[state]);
  const projectType: ProjectType =
    g < PROJECT_TYPES.length
      ? PROJECT_TYPES[g]!
      : suburb.priceFactor <= 0.75
        ? r.weighted([
            ['TOWNHOUSE', 55],
            ['LOW_RISE', 30],
            ['MID_RISE', 15],
          ])
        : r.weighted([
            ['TOWNHOUSE', 15],
            ['LOW_RISE', 25],
            ['MID_RISE', 40],
            ['HIGH_RISE', 20],
          ]);
  const [stage, salesStatus, salesPeriodStage] = combo;
  const canPay =
    owner !== null && (salesStatus === 'SELLING_NOW' || salesStatus === 'REGISTRATIONS_OF_INTEREST');
  // Listings 4 and 6 of the general run are selling and owned: they carry the paid campaign types for sure.
  const campaignType: CampaignType =
    g === 4
      ? 'CPS'
      : g === 6
        ? 'CPL'
        : canPay
          ? r.weighted([
              ['NONE', 55],
              ['CPL', 30],
              ['CPS', 15],
            ])
          : 'NONE';
  const recommendable =
    owner === null && !NO_ENQUIRY.has(salesStatus) && stage !== 'NOT_PROCEEDING' && r.chance(0.1);
  const developerName = owner
    ? owner.name
    : recommendable
      ? r.pick(developerOrgs).name
      : r.pick(OTHER_DEVELOPERS);
  return {
    suburb,
    projectType,
    stage,
    salesStatus,
    salesPeriodStage,
    campaignType,
    owner,
    developerName,
    fixed: false,
  };
}
