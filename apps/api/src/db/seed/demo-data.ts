import {
  APPROVAL,
  AUSTRALIAN_STATES,
  type AustralianState,
  type CampaignType,
  DEMO_PASSWORD,
  NO_NEW_ENQUIRY_SALES_STATUSES,
  PROJECT_TYPES,
  type ProjectType,
  type SalesPeriodStage,
  type SalesStatus,
  type Stage,
} from '@offplan/shared';
import { hashPassword } from 'better-auth/crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import {
  account,
  member,
  organization,
  projectAccessRequests,
  projectConfigurations,
  projectMedia,
  projectMembers,
  projectRecommendations,
  projectSlugHistory,
  projects,
  user,
} from '../schema/index.ts';
import {
  APARTMENT_AMENITIES,
  APARTMENT_CONFIGS,
  ARCHITECTS,
  BUILDERS,
  type ConfigTemplate,
  DEMO_ORGS,
  DEMO_PEOPLE,
  type DemoOrg,
  type DemoPerson,
  DISPLAY_SUITE_HOURS,
  HARBOURLINE_LISTINGS,
  MARKETERS,
  NAME_WORDS,
  OTHER_DEVELOPERS,
  orgByKey,
  STATE_PRICE_FACTOR,
  STATE_WEIGHTS,
  STATUS_COMBOS,
  STREETS,
  TOWNHOUSE_AMENITIES,
  TOWNHOUSE_CONFIGS,
} from './catalog.ts';
import { DEMO_BROCHURE, DEMO_FLOORPLAN, DEMO_IMAGES, type DemoImage } from './demo-media.ts';
import { createRng, mixSeed, type Rng } from './prng.ts';
import { SUBURBS_BY_STATE, type SuburbInfo } from './suburbs.ts';

export {
  DEMO_ASSETS_DIR,
  DEMO_BROCHURE,
  DEMO_FLOORPLAN,
  DEMO_IMAGES,
  DEMO_MEDIA_BASE_URL,
  DEMO_MEDIA_FILES,
} from './demo-media.ts';

/** Seed of the PRNG: the same seed and base date always give the same data. */
export const DEMO_SEED = 20_261_101;
export const DEMO_BASE_DATE_ISO = '2026-11-01T00:00:00Z';
export const DEFAULT_DEMO_PROJECTS = 320;
/** Fewer listings than this cannot carry the demo accounts' story and the enum coverage. */
export const MIN_DEMO_PROJECTS = 60;

/** The documented demo accounts; all share DEMO_PASSWORD. */
export const DEMO_ACCOUNTS = [
  {
    email: 'admin@demo.offplan.test',
    role: 'admin',
    description: 'Platform admin: every admin page, impersonation, campaign types and approvals.',
  },
  {
    email: 'developer@demo.offplan.test',
    role: 'user',
    description:
      'Developer, owner of Harbourline Developments: 8 projects, 3 recommended, 1 pending access request, 4 requests to review.',
  },
  {
    email: 'marketer@demo.offplan.test',
    role: 'user',
    description:
      'Project marketer at Keystone Project Marketing: no projects, recommendations or requests yet.',
  },
  {
    email: 'agency@demo.offplan.test',
    role: 'user',
    description:
      'Media agency (Brightside Media Agency, role id 8): member of 3 projects, lead contact details masked.',
  },
  {
    email: 'unverified@demo.offplan.test',
    role: 'user',
    description: 'Registered but email not verified: is sent to /verify-email.',
  },
] as const;

export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

export type DemoSeedOptions = {
  /** Number of listings; default 320, at least MIN_DEMO_PROJECTS. */
  projects?: number;
  /** Base date every timestamp is derived from; default 2026-11-01T00:00:00Z. */
  now?: Date;
  /** Called after each step with the rows it wrote and the time it took (for benchmarks). */
  onStep?: (step: string, rows: number, ms: number) => void;
};

export type DemoSeedSummary =
  | { skipped: true }
  | {
      skipped: false;
      organisations: number;
      projects: number;
      users: number;
      /** Every row inserted, all tables together. */
      rows: number;
      accounts: { email: string; role: string; description: string }[];
    };

type OrgRow = typeof organization.$inferInsert;
type UserRow = typeof user.$inferInsert;
type AccountRow = typeof account.$inferInsert;
type MemberRow = typeof member.$inferInsert;
type ProjectRow = typeof projects.$inferInsert & { id: number };
type ConfigRow = typeof projectConfigurations.$inferInsert;
type MediaRow = typeof projectMedia.$inferInsert;
type SlugRow = typeof projectSlugHistory.$inferInsert;
type ProjectMemberRow = typeof projectMembers.$inferInsert;
type RequestRow = typeof projectAccessRequests.$inferInsert;
type RecommendationRow = typeof projectRecommendations.$inferInsert;

/** Every row of the demo data, built in memory before anything is written. */
export type DemoRows = {
  organisations: OrgRow[];
  users: UserRow[];
  accounts: AccountRow[];
  members: MemberRow[];
  projects: ProjectRow[];
  slugHistory: SlugRow[];
  configurations: ConfigRow[];
  media: MediaRow[];
  projectMembers: ProjectMemberRow[];
  accessRequests: RequestRow[];
  recommendations: RecommendationRow[];
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** Listings that take no enquiries are never recommended (design §2). */
const NO_ENQUIRY = new Set<SalesStatus>(NO_NEW_ENQUIRY_SALES_STATUSES);

export const demoUserId = (key: string) => `usr_demo_${key}`;

function kebab(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Case- and punctuation-insensitive form of an organisation or developer name (design §2). */
export function normaliseName(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** An 11-digit ABN that passes the ATO checksum, formatted "12 345 678 901". */
function makeAbn(rng: Rng): string {
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  for (;;) {
    const digits = [rng.int(1, 9), ...Array.from({ length: 10 }, () => rng.int(0, 9))];
    const sum = digits.reduce(
      (total, digit, index) => total + (index === 0 ? digit - 1 : digit) * weights[index]!,
      0,
    );
    if (sum % 89 === 0) {
      const s = digits.join('');
      return `${s.slice(0, 2)} ${s.slice(2, 5)} ${s.slice(5, 8)} ${s.slice(8)}`;
    }
  }
}

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** A date `daysAgo` days (fractional) before `now`, on a whole second. */
const daysBefore = (now: number, daysAgo: number) =>
  new Date(Math.floor((now - daysAgo * DAY_MS) / 1000) * 1000);

function emailFor(person: DemoPerson): string {
  if (person.email) return person.email;
  const local = `${person.firstName}.${person.lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
  const domain = person.orgKey ? orgByKey(person.orgKey).domain : 'mail.example';
  return `${local}@${domain}`;
}

const YOUTUBE_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function titleFor(rng: Rng, projectType: ProjectType, suburb: string, streetName: string): string {
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

type DescriptionInput = {
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

function describe(rng: Rng, d: DescriptionInput): string {
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

function configurationsFor(
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

function mediaFor(rng: Rng, project: ProjectRow, createdAt: Date): MediaRow[] {
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

type ListingPlan = {
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

/** Builds every row of the demo data in memory. Pure: the same options give the same rows. */
export function buildDemoRows(passwordHash: string, options: DemoSeedOptions = {}): DemoRows {
  const total = Math.max(MIN_DEMO_PROJECTS, Math.floor(options.projects ?? DEFAULT_DEMO_PROJECTS));
  const now = (options.now ?? new Date(DEMO_BASE_DATE_ISO)).getTime();
  const rng = createRng(DEMO_SEED);

  // Organisations, people, credentials and organisation memberships.
  const organisations: OrgRow[] = DEMO_ORGS.map((o) => ({
    id: o.id,
    name: o.name,
    slug: o.slug,
    logo: null,
    createdAt: daysBefore(now, o.joinedDaysAgo),
    metadata: null,
    abn: makeAbn(rng),
    website: `https://www.${o.domain}`,
    phone: o.phone,
    address: o.address,
    about: o.about,
    visibility: 'public',
    tenant: 'offplan',
  }));
  const users: UserRow[] = [];
  const accounts: AccountRow[] = [];
  const members: MemberRow[] = [];
  const joined = new Map<string, Date>();
  const membersOf = new Map<string, DemoPerson[]>();
  for (const person of DEMO_PEOPLE) {
    const id = demoUserId(person.key);
    const createdAt = daysBefore(now, person.joinedDaysAgo + rng.next() * 0.5);
    joined.set(id, createdAt);
    users.push({
      id,
      name: `${person.firstName} ${person.lastName}`,
      email: emailFor(person),
      emailVerified: person.emailVerified ?? true,
      image: null,
      createdAt,
      updatedAt: createdAt,
      role: person.admin ? 'admin' : 'user',
      banned: false,
      firstName: person.firstName,
      lastName: person.lastName,
      title: person.title,
      jobRoleId: person.jobRoleId,
      termsAcceptedAt: createdAt,
      impersonationOptOut: person.impersonationOptOut ?? false,
    });
    accounts.push({
      id: `acc_demo_${person.key}`,
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: passwordHash,
      createdAt,
      updatedAt: createdAt,
    });
    if (person.orgKey && person.orgRole) {
      members.push({
        id: `mem_demo_${person.key}`,
        organizationId: orgByKey(person.orgKey).id,
        userId: id,
        role: person.orgRole,
        createdAt,
      });
      membersOf.set(person.orgKey, [...(membersOf.get(person.orgKey) ?? []), person]);
    }
  }
  const ownerOf = (orgKey: string) => membersOf.get(orgKey)!.find((person) => person.orgRole === 'owner')!;

  // Listings.
  const developerOrgs = DEMO_ORGS.filter((o) => o.kind === 'developer' && o.key !== 'harbourline');
  const fixedCount = HARBOURLINE_LISTINGS.length;
  /** General listings below this index are owned round-robin, so every developer has a handful. */
  const ownedRoundRobin = developerOrgs.length * 5;
  const usedSlugs = new Map<string, Set<string>>(
    AUSTRALIAN_STATES.map((state) => [state.toLowerCase(), new Set()]),
  );
  const uniqueSlug = (prefix: string, base: string) => {
    const used = usedSlugs.get(prefix)!;
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    used.add(slug);
    return slug;
  };
  const nowQuarter = new Date(now).getUTCFullYear() * 4 + Math.floor(new Date(now).getUTCMonth() / 3);

  const projectRows: ProjectRow[] = [];
  const slugHistory: SlugRow[] = [];
  const configurations: ConfigRow[] = [];
  const media: MediaRow[] = [];
  const projectMemberRows: ProjectMemberRow[] = [];
  const memberships = new Set<string>();
  const addMember = (projectId: number, userId: string, createdAt: Date) => {
    const key = `${projectId}:${userId}`;
    if (memberships.has(key)) return;
    memberships.add(key);
    projectMemberRows.push({ projectId, userId, createdAt });
  };

  for (let index = 0; index < total; index++) {
    const id = index + 1;
    const r = createRng(mixSeed(DEMO_SEED, id));
    let plan: ListingPlan;
    const fixed = HARBOURLINE_LISTINGS[index];
    if (fixed) {
      const suburb = SUBURBS_BY_STATE[fixed.state].find((entry) => entry.suburb === fixed.suburb);
      if (!suburb) throw new Error(`unknown suburb ${fixed.suburb} ${fixed.state}`);
      plan = {
        ...fixed,
        suburb,
        owner: fixed.owned ? orgByKey('harbourline') : null,
        developerName: 'Harbourline Developments',
        fixed: true,
      };
    } else {
      const g = index - fixedCount;
      const combo =
        g < STATUS_COMBOS.length
          ? STATUS_COMBOS[g]!
          : r.weighted(STATUS_COMBOS.map((c) => [c, c[3]] as const));
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
      plan = {
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
      description: describe(r, {
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
    projectRows.push(row);

    // An early planning listing may have no configurations yet (the dashboard's "no config" filter).
    const noConfigYet =
      !plan.fixed &&
      stage === 'IN_PLANNING' &&
      (salesStatus === 'PENDING_LAUNCH' || salesStatus === 'HIDDEN') &&
      r.chance(0.35);
    if (!noConfigYet)
      configurations.push(...configurationsFor(r, id, projectType, suburb, salesStatus, stage));
    media.push(...mediaFor(r, row, createdAt));

    // Some listings were renamed: the old path keeps redirecting.
    if (!plan.fixed && r.chance(0.04)) {
      slugHistory.push({
        prefix,
        slug: uniqueSlug(prefix, kebab(`${streetNumber} ${streetName} ${suburb.suburb}`)),
        projectId: id,
        createdAt: new Date(
          createdAt.getTime() + Math.floor((updatedAt.getTime() - createdAt.getTime()) / 2),
        ),
      });
    }

    // Approved members: the owning organisation's owner, and some of its staff.
    if (owner && owner.key !== 'harbourline') {
      for (const person of membersOf.get(owner.key) ?? []) {
        if (person.orgRole === 'owner' || r.chance(0.35)) addMember(id, demoUserId(person.key), createdAt);
      }
    }
  }

  // The demo accounts' story.
  const byId = (id: number) => projectRows[id - 1]!;
  const later = (a: Date, b: Date) => (a > b ? a : b);
  const harbourlineOwned = HARBOURLINE_LISTINGS.flatMap((listing, index) =>
    listing.owned ? [index + 1] : [],
  );
  for (const id of harbourlineOwned) {
    addMember(id, demoUserId('developer'), byId(id).createdAt!);
    addMember(id, demoUserId('priya'), byId(id).createdAt!);
  }
  for (const id of harbourlineOwned.slice(0, 5)) addMember(id, demoUserId('jack'), byId(id).createdAt!);
  for (const id of harbourlineOwned.slice(1, 3)) addMember(id, demoUserId('chloe'), byId(id).createdAt!);

  const live = (orgKey: string) => {
    const owned = projectRows.filter((row) => row.organisationId === orgByKey(orgKey).id);
    const open = owned.filter((row) => row.salesStatus !== 'HIDDEN' && row.stage !== 'NOT_PROCEEDING');
    return open.length >= 4 ? open : owned;
  };
  const accessRequests: RequestRow[] = [];
  const pending = new Set<string>();
  const request = (
    projectId: number,
    userKey: string,
    status: number,
    daysAgo: number,
    decidedByKey: string | null = null,
    note: string | null = null,
  ) => {
    const userId = demoUserId(userKey);
    const createdAt = later(daysBefore(now, daysAgo), later(byId(projectId).createdAt!, joined.get(userId)!));
    if (status === APPROVAL.PENDING) pending.add(`${projectId}:${userId}`);
    accessRequests.push({
      projectId,
      userId,
      status,
      note,
      decidedById: decidedByKey ? demoUserId(decidedByKey) : null,
      decidedAt: decidedByKey ? new Date(Math.min(createdAt.getTime() + 2 * DAY_MS, now)) : null,
      createdAt,
    });
    if (status === APPROVAL.APPROVED) addMember(projectId, userId, createdAt);
  };
  const [southgateA, southgateB, southgateC, southgateD] = live('southgate');
  const [coralA, coralB, coralC] = live('coralcoast');
  const [swanA] = live('swanview');
  const [torrensA] = live('torrens');
  // Requests waiting for Harbourline's owner, and its history.
  request(
    1,
    'harry',
    APPROVAL.PENDING,
    3,
    null,
    'Keystone is pitching for the sales campaign; we would like to see the listing.',
  );
  request(2, 'jasmine', APPROVAL.PENDING, 2, null, 'Brightside runs the launch campaign for this project.');
  request(3, 'michael', APPROVAL.PENDING, 6);
  request(
    4,
    'lachlan',
    APPROVAL.PENDING,
    1,
    null,
    'Engaged as a freelance marketer for the registration campaign.',
  );
  request(1, 'nathan', APPROVAL.APPROVED, 40, 'developer');
  request(5, 'sarah', APPROVAL.DECLINED, 25, 'developer');
  // The developer's own requests to other organisations.
  request(
    southgateD!.id,
    'developer',
    APPROVAL.PENDING,
    4,
    null,
    'Harbourline is the joint-venture partner on this site.',
  );
  request(coralC!.id, 'developer', APPROVAL.DECLINED, 60, 'ben');
  // The media agency's projects.
  request(southgateA!.id, 'agency', APPROVAL.APPROVED, 90, 'marcus');
  request(coralA!.id, 'agency', APPROVAL.APPROVED, 70, 'ben');
  request(swanA!.id, 'agency', APPROVAL.APPROVED, 50, 'ryan');
  for (const row of [southgateA!, coralA!, swanA!]) addMember(row.id, demoUserId('nathan'), row.createdAt!);
  addMember(coralA!.id, demoUserId('jasmine'), coralA!.createdAt!);
  // The marketing agency's other staff work on some developers' projects.
  for (const row of [southgateB!, southgateC!]) {
    addMember(row.id, demoUserId('rebecca'), row.createdAt!);
    addMember(row.id, demoUserId('harry'), row.createdAt!);
  }
  addMember(coralB!.id, demoUserId('ruby'), coralB!.createdAt!);
  request(torrensA!.id, 'michael', APPROVAL.APPROVED, 120, 'lucy');
  request(coralB!.id, 'ethan', APPROVAL.WITHDRAWN, 30);

  // A few pending requests on other organisations' projects, so every owner has some to review.
  const storyKeys = new Set(['admin', 'developer', 'marketer', 'agency', 'unverified']);
  const requesters = DEMO_PEOPLE.filter((person) => !storyKeys.has(person.key));
  const requestRng = createRng(mixSeed(DEMO_SEED, -1));
  for (const row of projectRows) {
    if (!row.organisationId || row.organisationId === orgByKey('harbourline').id || !requestRng.chance(0.03))
      continue;
    const person = requestRng.pick(requesters);
    const userId = demoUserId(person.key);
    const key = `${row.id}:${userId}`;
    if (
      (person.orgKey && orgByKey(person.orgKey).id === row.organisationId) ||
      memberships.has(key) ||
      pending.has(key)
    ) {
      continue;
    }
    request(row.id, person.key, APPROVAL.PENDING, requestRng.int(0, 20));
  }

  // Recommendations: unclaimed listings whose developer or marketer name matches the user's organisation.
  const recommendations: RecommendationRow[] = [];
  const orgByName = new Map(DEMO_ORGS.map((o) => [normaliseName(o.name), o]));
  const assignable: ProjectRow[] = [];
  for (const row of projectRows) {
    if (row.organisationId || NO_ENQUIRY.has(row.salesStatus!) || row.stage === 'NOT_PROCEEDING') continue;
    const matched = new Set<DemoOrg>();
    for (const name of [row.developerName, row.marketerName]) {
      const found = name ? orgByName.get(normaliseName(name)) : undefined;
      if (found) matched.add(found);
    }
    if (matched.size === 0) assignable.push(row);
    for (const o of matched) {
      for (const person of membersOf.get(o.key) ?? []) {
        const userId = demoUserId(person.key);
        recommendations.push({
          userId,
          projectId: row.id,
          source: 'name_match',
          assignedById: null,
          createdAt: later(row.createdAt!, joined.get(userId)!),
        });
      }
    }
  }
  // And two that an admin assigned by hand to the freelance marketer.
  for (const row of assignable.slice(0, 2)) {
    recommendations.push({
      userId: demoUserId('lachlan'),
      projectId: row.id,
      source: 'admin',
      assignedById: demoUserId('admin'),
      createdAt: later(row.createdAt!, joined.get(demoUserId('lachlan'))!),
    });
  }

  return {
    organisations,
    users,
    accounts,
    members,
    projects: projectRows,
    slugHistory,
    configurations,
    media,
    projectMembers: projectMemberRows,
    accessRequests,
    recommendations,
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Any fixed number: serialises demo seeding between processes sharing one database server. */
const SEED_LOCK_ID = 727_002;

/** Rows per INSERT statement. */
const ROWS_PER_INSERT = 2500;

/**
 * Set-based insert: each chunk of rows travels as ONE JSON parameter that `json_to_recordset` expands
 * (record columns named as the row keys, typed as the table's columns), so the database parses one small
 * statement per chunk instead of binding tens of thousands of parameters: several times faster than
 * multi-row VALUES on PGlite. Columns left out take their defaults; JSON arrays become PostgreSQL arrays;
 * dates travel as ISO strings (UTC), which is how drizzle stores them too.
 */
async function insertRows<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const keys = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) keys.add(key);
  const targets = [...keys].map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column of the table`);
    const type = column.getSQLType();
    return {
      key: sql.identifier(key),
      name: sql.identifier(column.name),
      type: column.columnType === 'PgEnumColumn' ? sql.identifier(type) : sql.raw(type),
    };
  });
  const names = sql.join(
    targets.map((target) => target.name),
    sql`, `,
  );
  const values = sql.join(
    targets.map((target) => target.key),
    sql`, `,
  );
  const record = sql.join(
    targets.map((target) => sql`${target.key} ${target.type}`),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const json = JSON.stringify(rows.slice(start, start + ROWS_PER_INSERT));
    await tx.execute(
      sql`insert into ${table} (${names}) select ${values} from json_to_recordset(${json}::json) as r(${record})`,
    );
  }
}

/**
 * Fills an EMPTY database with the demo data, in one transaction; does nothing when a user exists.
 * Deterministic apart from the password hash (its salt is random).
 */
export async function seedDemoData(db: Db, options: DemoSeedOptions = {}): Promise<DemoSeedSummary> {
  const hasUsers = async (executor: Db | Tx) =>
    (await executor.select({ id: user.id }).from(user).limit(1)).length > 0;
  if (await hasUsers(db)) return { skipped: true };
  // One hash for every demo user: scrypt is deliberately slow.
  const step = options.onStep ?? (() => {});
  let clock = performance.now();
  const done = (name: string, rows: number) => {
    const at = performance.now();
    step(name, rows, at - clock);
    clock = at;
  };
  // One hash for every demo user: scrypt is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  done('hash password', 0);
  const rows = buildDemoRows(passwordHash, options);
  done('build rows', 0);
  const inserted = await db.transaction(async (tx) => {
    // Processes starting together on one server seed once: the others wait here, then skip.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (await hasUsers(tx)) return false;
    const insert = async <T extends PgTable>(name: string, table: T, list: T['$inferInsert'][]) => {
      await insertRows(tx, table, list);
      done(name, list.length);
    };
    await insert('organization', organization, rows.organisations);
    await insert('user', user, rows.users);
    await insert('account', account, rows.accounts);
    await insert('member', member, rows.members);
    await insert('projects', projects, rows.projects);
    // Listing ids were given explicitly: move the identity past them.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('projects', 'id'), ${rows.projects.length}::bigint, true)`,
    );
    await insert('project_slug_history', projectSlugHistory, rows.slugHistory);
    await insert('project_configurations', projectConfigurations, rows.configurations);
    await insert('project_media', projectMedia, rows.media);
    await insert('project_members', projectMembers, rows.projectMembers);
    await insert('project_access_requests', projectAccessRequests, rows.accessRequests);
    await insert('project_recommendations', projectRecommendations, rows.recommendations);
    return true;
  });
  done('commit', 0);
  if (!inserted) return { skipped: true };
  // A bulk load leaves the trigram indexes' pending lists unmerged (every title search then reads them
  // through) and the planner without statistics. PGlite has no autovacuum and PostgreSQL's comes when it
  // chooses: tidy up now, so the first searches are planned and run as they will be from then on.
  await db.execute(sql`vacuum (analyze)`);
  done('vacuum', 0);
  return {
    skipped: false,
    organisations: rows.organisations.length,
    projects: rows.projects.length,
    users: rows.users.length,
    rows: Object.values(rows).reduce((sum, list) => sum + list.length, 0),
    accounts: DEMO_ACCOUNTS.map(({ email, role, description }) => ({ email, role, description })),
  };
}
