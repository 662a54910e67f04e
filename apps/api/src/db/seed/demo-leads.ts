import {
  type AustralianState,
  DEFAULT_RESPONSE_TARGET_MINUTES,
  type EnquiryBuyerType,
  type FinanceStatus,
  LEAD_STATUSES,
  type LeadStatus,
  type SalesStatus,
  type ScoringRule,
  type Stage,
  scoreDecayPoints,
  scoreLead,
  type Timeframe,
} from '@offplan/shared';
import { responseDeadline } from '../../modules/leads/speed-to-lead.ts';
import type { leadBuyers, leadEvents, leads } from '../schema/index.ts';
import {
  type ConfigRow,
  DAY_MS,
  DEMO_SEED,
  type DemoRows,
  kebab,
  type ProjectRow,
  roundTo,
} from './builders/common.ts';
import { orgByKey } from './catalog.ts';
import {
  BUYER_EMAIL_DOMAINS,
  BUYER_FIRST_NAMES,
  BUYER_LAST_NAMES,
  GENERAL_MESSAGES,
  LOST_REASONS,
  MESSAGES_BY_BUYER_TYPE,
  REFERRING_PORTALS,
  REPEAT_MESSAGES,
  SALES_NOTES,
} from './demo-lead-words.ts';
import { createRng, mixSeed, type Rng } from './prng.ts';
import { SUBURBS_BY_STATE, type SuburbInfo } from './suburbs.ts';

/**
 * Demo leads (issue 16 item 10): about 3,000 enquiries over the last 18 months on the listings of
 * organisations, each with its buyer, its pipeline so far and the timeline that got it there, scored by
 * the rules in the database. Pure: the same rows, rules and base date give the same leads.
 */

export type LeadBuyerRow = typeof leadBuyers.$inferInsert & { id: string };
export type LeadRow = typeof leads.$inferInsert & { id: number };
export type LeadEventRow = typeof leadEvents.$inferInsert;
export type DemoLeads = { buyers: LeadBuyerRow[]; leads: LeadRow[]; events: LeadEventRow[] };

export const DEFAULT_DEMO_LEADS = 3000;
/** 18 months. */
export const DEMO_LEAD_DAYS = 548;
/** Issue 16: roughly this share of buyers enquire on more than one project. */
const REPEAT_BUYER_SHARE = 0.08;
/** A second enquiry on the same project within 24 hours, merged into the lead (design §3). */
const MERGED_SHARE = 0.04;
const LEADS_STREAM = 16_000_016;
const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
/** The default speed-to-lead target: no demo organisation has a setting of its own. */
const RESPONSE_TARGET = { minutes: DEFAULT_RESPONSE_TARGET_MINUTES, businessHoursOnly: true };

/** Standard-time offsets: enough to put enquiries at local hours (daylight saving is ignored here). */
const STATE_UTC_OFFSET_HOURS: Record<AustralianState, number> = {
  NSW: 10,
  ACT: 10,
  VIC: 10,
  TAS: 10,
  QLD: 10,
  SA: 9.5,
  NT: 9.5,
  WA: 8,
};
/** More enquiries at the weekend, when buyers browse and visit display suites (Sunday first). */
const WEEKDAY_WEIGHT = [1.3, 1.0, 0.95, 0.95, 0.95, 0.85, 1.25];
/** Local hour of day: lunch and the evening on the couch. */
const HOUR_WEIGHT = [
  0.6, 0.3, 0.15, 0.1, 0.1, 0.2, 0.6, 1.5, 2.5, 3, 3.2, 3.3, 4, 3.8, 3.2, 3, 3, 3.3, 4, 4.8, 5.2, 4.8, 3.4,
  1.6,
];
/** Listings in these sales states take most enquiries; hidden ones none. */
const SALES_STATUS_WEIGHT: Record<SalesStatus, number> = {
  SELLING_NOW: 10,
  REGISTRATIONS_OF_INTEREST: 7,
  PENDING_LAUNCH: 2,
  SOLD_OUT: 2,
  HIDDEN: 0,
};
/** The developer account's organisation gets more, so its leads page is full. */
const DEMO_ORGANISATION_WEIGHT = 3;

const BUYER_TYPE_WEIGHTS = [
  ['FIRST_HOME_BUYER', 40],
  ['NEXT_HOME_BUYER', 35],
  ['INVESTOR', 25],
] as const satisfies readonly (readonly [EnquiryBuyerType, number])[];

const FINANCE_WEIGHTS: Record<EnquiryBuyerType, readonly (readonly [FinanceStatus | null, number])[]> = {
  FIRST_HOME_BUYER: [
    ['PRE_APPROVED', 30],
    ['ARRANGING', 35],
    ['NOT_STARTED', 26],
    ['CASH', 1],
    [null, 8],
  ],
  NEXT_HOME_BUYER: [
    ['PRE_APPROVED', 34],
    ['ARRANGING', 24],
    ['NOT_STARTED', 18],
    ['CASH', 14],
    [null, 10],
  ],
  INVESTOR: [
    ['PRE_APPROVED', 40],
    ['ARRANGING', 18],
    ['NOT_STARTED', 10],
    ['CASH', 22],
    [null, 10],
  ],
};

/** Buyers of a finished building can move in now; those of one in planning are years away. */
function timeframeWeights(stage: Stage): readonly (readonly [Timeframe | null, number])[] {
  if (stage === 'COMPLETE')
    return [
      ['READY_NOW', 30],
      ['WITHIN_3_MONTHS', 25],
      ['WITHIN_6_MONTHS', 14],
      ['WITHIN_12_MONTHS', 8],
      ['BROWSING', 13],
      [null, 10],
    ];
  if (stage === 'COMMENCED')
    return [
      ['READY_NOW', 8],
      ['WITHIN_3_MONTHS', 17],
      ['WITHIN_6_MONTHS', 24],
      ['WITHIN_12_MONTHS', 24],
      ['BROWSING', 17],
      [null, 10],
    ];
  return [
    ['READY_NOW', 3],
    ['WITHIN_3_MONTHS', 9],
    ['WITHIN_6_MONTHS', 20],
    ['WITHIN_12_MONTHS', 32],
    ['BROWSING', 26],
    [null, 10],
  ];
}

/**
 * Where a lead stands by its age: recent ones mostly New or Contacted, old ones mostly closed (settled,
 * lost or exchanged). Settlement comes at completion, so only finished buildings have settled sales.
 */
function statusWeights(ageDays: number, stage: Stage): readonly (readonly [LeadStatus, number])[] {
  const settled = stage === 'COMPLETE';
  if (ageDays < 1)
    return [
      ['NEW', 70],
      ['CONTACTED', 30],
    ];
  if (ageDays < 3)
    return [
      ['NEW', 35],
      ['CONTACTED', 52],
      ['INSPECTED', 6],
      ['LOST', 7],
    ];
  if (ageDays < 14)
    return [
      ['NEW', 10],
      ['CONTACTED', 44],
      ['INSPECTED', 24],
      ['RESERVED', 5],
      ['LOST', 17],
    ];
  if (ageDays < 45)
    return [
      ['NEW', 4],
      ['CONTACTED', 26],
      ['INSPECTED', 24],
      ['RESERVED', 10],
      ['EXCHANGED', 5],
      ['LOST', 31],
    ];
  if (ageDays < 120)
    return [
      ['NEW', 2],
      ['CONTACTED', 13],
      ['INSPECTED', 14],
      ['RESERVED', 7],
      ['EXCHANGED', settled ? 5 : 10],
      ['SETTLED', settled ? 6 : 0],
      ['LOST', 50],
    ];
  return [
    ['NEW', 1],
    ['CONTACTED', 6],
    ['INSPECTED', 7],
    ['RESERVED', 3],
    ['EXCHANGED', settled ? 3 : 10],
    ['SETTLED', settled ? 10 : 0],
    ['LOST', 60],
  ];
}

/** The listings that take enquiries, with what a lead needs from each. */
type LeadProject = {
  row: ProjectRow;
  listedAt: number;
  weight: number;
  /** Enquiries stop when a listing sells out. */
  openUntil: number;
  configurations: ConfigRow[];
  /** Members of the owning organisation who work its leads, sales staff weighted up. */
  assignees: (readonly [string, number])[];
  /** Who hands out leads: the organisation's owners and admins among the members. */
  managers: string[];
  /** Users' names by id, for the timeline's assignments. */
  names: ReadonlyMap<string, string>;
};

/** Everything drawn for a lead before its pipeline is played out. */
type LeadPlan = {
  project: LeadProject;
  createdAt: number;
  buyer: BuyerPlan;
  fields: EnquiryFields;
  status: LeadStatus;
  mergedAfterMs: number | null;
  /** The lead's own generator: fixing a status later does not shift any other lead's numbers. */
  seed: number;
};

type BuyerPlan = {
  id: string;
  name: string;
  firstName: string;
  email: string;
  phone: string;
  postcode: string | null;
  buyerType: EnquiryBuyerType;
  createdAt: number;
  leads: number;
  projectIds: Set<number>;
};

type Attribution = {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  referrer: string | null;
  campaignId: string | null;
};

type EnquiryFields = Attribution & {
  budget: number | null;
  bedrooms: number | null;
  configuration: string | null;
  timeframe: Timeframe | null;
  financeStatus: FinanceStatus | null;
  message: string | null;
  source: 'listing' | 'import';
  /** What the home they ask about sells for: the sale price of a lead that buys. */
  salePriceBase: number;
};

/**
 * `count` demo leads (default 3,000) on the listings of `rows`, scored with `rules` (the database's,
 * read after migration) as of `now`. Leads are numbered from 1 in the order they arrived.
 */
export function buildDemoLeads(
  rows: Pick<DemoRows, 'projects' | 'configurations' | 'projectMembers' | 'members' | 'users'>,
  rules: readonly ScoringRule[],
  options: { now: number; count?: number },
): DemoLeads {
  const { now } = options;
  const count = Math.max(0, Math.floor(options.count ?? DEFAULT_DEMO_LEADS));
  const rng = createRng(mixSeed(DEMO_SEED, LEADS_STREAM));
  const projects = leadProjects(rows, now);
  const buyers = buyerBook(rng);
  const plans: LeadPlan[] = [];
  for (const day of enquiryDays(rng, count, now)) {
    const dayStart = now - (DEMO_LEAD_DAYS - day) * DAY_MS;
    const project = pickProject(rng, projects, dayStart);
    if (!project) continue;
    const createdAt = localTimeOn(rng, dayStart, project.row.state as AustralianState, now);
    const buyer = buyers.forLead(project, createdAt);
    const fields = enquiryFields(rng, project, buyer, createdAt, now);
    const ageDays = (now - createdAt) / DAY_MS;
    const merged = rng.chance(MERGED_SHARE) ? rng.int(20, 20 * 60) * MINUTE_MS : null;
    plans.push({
      project,
      createdAt,
      buyer,
      fields,
      status: rng.weighted(statusWeights(ageDays, project.row.stage as Stage)),
      mergedAfterMs: merged !== null && createdAt + merged < now ? merged : null,
      seed: rng.int(0, 2 ** 31),
    });
  }
  plans.sort((a, b) => a.createdAt - b.createdAt);
  coverEveryStatusForTheDemoDeveloper(plans, now);
  const result: DemoLeads = { buyers: [], leads: [], events: [] };
  plans.forEach((plan, index) => {
    const { lead, events } = playOut(index + 1, plan, rules, now);
    result.leads.push(lead);
    result.events.push(...events);
  });
  result.buyers = buyers.rows();
  return result;
}

/** The listings of organisations that take enquiries, and who works their leads. */
function leadProjects(
  rows: Pick<DemoRows, 'projects' | 'configurations' | 'projectMembers' | 'members' | 'users'>,
  now: number,
): LeadProject[] {
  const configurations = new Map<number, ConfigRow[]>();
  for (const row of rows.configurations) {
    const list = configurations.get(row.projectId) ?? [];
    list.push(row);
    configurations.set(row.projectId, list);
  }
  const orgRole = new Map(rows.members.map((row) => [`${row.organizationId}:${row.userId}`, row.role]));
  const jobRole = new Map(rows.users.map((row) => [row.id, row.jobRoleId ?? null]));
  const names = new Map(rows.users.map((row) => [row.id, row.name]));
  const membersOf = new Map<number, string[]>();
  for (const row of rows.projectMembers) {
    membersOf.set(row.projectId, [...(membersOf.get(row.projectId) ?? []), row.userId]);
  }
  const demoOrganisation = orgByKey('harbourline').id;
  const result: LeadProject[] = [];
  for (const row of rows.projects) {
    const organisationId = row.organisationId;
    const weight = SALES_STATUS_WEIGHT[row.salesStatus as SalesStatus];
    if (!organisationId || weight === 0) continue;
    // Staff of the owning organisation; a media agency (job role 8) runs campaigns, not buyers.
    const staff = (membersOf.get(row.id) ?? []).filter(
      (userId) => orgRole.has(`${organisationId}:${userId}`) && jobRole.get(userId) !== 8,
    );
    if (staff.length === 0) continue;
    result.push({
      row,
      listedAt: row.createdAt!.getTime(),
      weight: weight * (organisationId === demoOrganisation ? DEMO_ORGANISATION_WEIGHT : 1),
      openUntil: row.salesStatus === 'SOLD_OUT' ? now - (30 + ((row.id * 37) % 150)) * DAY_MS : now,
      configurations: [...(configurations.get(row.id) ?? [])].sort(
        (a, b) => (a.priceFrom ?? 0) - (b.priceFrom ?? 0),
      ),
      assignees: staff.map((userId) => [userId, { 3: 4, 2: 2 }[jobRole.get(userId) ?? 0] ?? 1] as const),
      managers: staff.filter((userId) => orgRole.get(`${organisationId}:${userId}`) !== 'member'),
      names,
    });
  }
  return result;
}

/**
 * The day (0 = 18 months ago) of each enquiry: growing about threefold over the period as the portal
 * gains listings and buyers, more at weekends. Sorted, so buyers are met in time order.
 */
function enquiryDays(rng: Rng, count: number, now: number): number[] {
  const cumulative: number[] = [];
  let total = 0;
  for (let day = 0; day < DEMO_LEAD_DAYS; day++) {
    // The weekday in eastern Australia, where most listings are.
    const weekday = new Date(now - (DEMO_LEAD_DAYS - day) * DAY_MS + 10 * HOUR_MS).getUTCDay();
    total += (1 + (2 * day) / DEMO_LEAD_DAYS) * WEEKDAY_WEIGHT[weekday]!;
    cumulative.push(total);
  }
  const days: number[] = [];
  for (let i = 0; i < count; i++) {
    const roll = rng.next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < roll) low = middle + 1;
      else high = middle;
    }
    days.push(low);
  }
  return days.sort((a, b) => a - b);
}

/** A listing that was listed and still open on that day, by weight (a scan: no list per lead). */
function pickProject(rng: Rng, projects: LeadProject[], dayStart: number): LeadProject | undefined {
  let total = 0;
  for (const project of projects) if (isOpen(project, dayStart)) total += project.weight;
  let roll = rng.next() * total;
  for (const project of projects) {
    if (!isOpen(project, dayStart)) continue;
    roll -= project.weight;
    if (roll < 0) return project;
  }
  return undefined;
}

const isOpen = (project: LeadProject, dayStart: number) =>
  project.listedAt < dayStart && dayStart < project.openUntil;

const HOUR_ENTRIES = HOUR_WEIGHT.map((weight, hour) => [hour, weight] as const);

/** A time on the local calendar day starting near `dayStart`, at an hour buyers enquire; never after `now`. */
function localTimeOn(rng: Rng, dayStart: number, state: AustralianState, now: number): number {
  const offset = STATE_UTC_OFFSET_HOURS[state] * HOUR_MS;
  const localMidnight = Math.floor((dayStart + offset) / DAY_MS) * DAY_MS - offset;
  const hour = rng.weighted(HOUR_ENTRIES);
  const at = localMidnight + hour * HOUR_MS + rng.int(0, 3599) * 1000;
  return Math.min(at, now - rng.int(5, 90) * MINUTE_MS);
}

/** Buyers met so far: new ones with unique addresses and numbers, and earlier ones who enquire again. */
function buyerBook(rng: Rng) {
  const all: BuyerPlan[] = [];
  /** Buyers with one lead so far, in the order they came: a repeat buyer is one of the recent ones. */
  const singles: BuyerPlan[] = [];
  const emails = new Set<string>();
  const phones = new Set<string>();
  const nearbyCache = new Map<number, SuburbInfo[]>();
  const reuseChance = REPEAT_BUYER_SHARE / (1 + REPEAT_BUYER_SHARE);

  const uniqueEmail = (first: string, last: string) => {
    const f = first.toLowerCase().replace(/[^a-z]/g, '');
    const l = last.toLowerCase().replace(/[^a-z]/g, '');
    const local = rng.pick([
      `${f}.${l}`,
      `${f}${l}`,
      `${f[0]}${l}`,
      `${f}.${l}${rng.int(1, 99)}`,
      `${f}_${l}${rng.int(60, 99)}`,
      `${l}.${f}`,
    ]);
    const domain = rng.weighted(BUYER_EMAIL_DOMAINS);
    let email = `${local}@${domain}`;
    for (let n = 2; emails.has(email); n++) email = `${local}${n}@${domain}`;
    emails.add(email);
    return email;
  };
  const uniqueMobile = () => {
    for (;;) {
      // 0400 to 0439, the oldest mobile ranges: every number in them is valid (the test checks each
      // with normalisePhone, which intake uses).
      const phone = `+614${String(rng.int(0, 39)).padStart(2, '0')}${String(rng.int(0, 999_999)).padStart(6, '0')}`;
      if (!phones.has(phone)) {
        phones.add(phone);
        return phone;
      }
    }
  };
  const newBuyer = (project: LeadProject, createdAt: number): BuyerPlan => {
    const firstName = rng.pick(BUYER_FIRST_NAMES);
    const lastName = rng.pick(BUYER_LAST_NAMES);
    const buyer: BuyerPlan = {
      id: `lb_demo_${String(all.length + 1).padStart(5, '0')}`,
      name: `${firstName} ${lastName}`,
      firstName,
      email: uniqueEmail(firstName, lastName),
      phone: uniqueMobile(),
      postcode: rng.chance(0.82) ? nearbyPostcode(rng, project.row, nearbyCache) : null,
      buyerType: rng.weighted(BUYER_TYPE_WEIGHTS),
      createdAt,
      leads: 0,
      projectIds: new Set(),
    };
    all.push(buyer);
    singles.push(buyer);
    return buyer;
  };
  const earlierBuyer = (project: LeadProject) => {
    for (let attempt = 0; attempt < 5 && singles.length > 0; attempt++) {
      const index = rng.int(Math.max(0, singles.length - 400), singles.length - 1);
      const candidate = singles[index]!;
      if (!candidate.projectIds.has(project.row.id)) {
        singles.splice(index, 1);
        return candidate;
      }
    }
    return undefined;
  };
  return {
    forLead(project: LeadProject, createdAt: number): BuyerPlan {
      const buyer = (rng.chance(reuseChance) && earlierBuyer(project)) || newBuyer(project, createdAt);
      buyer.leads += 1;
      buyer.projectIds.add(project.row.id);
      buyer.createdAt = Math.min(buyer.createdAt, createdAt);
      return buyer;
    },
    rows: (): LeadBuyerRow[] =>
      all.map((buyer) => ({
        id: buyer.id,
        email: buyer.email,
        phone: buyer.phone,
        createdAt: new Date(buyer.createdAt),
      })),
  };
}

/** A postcode of one of the suburbs nearest the listing; now and then one from across the state. */
function nearbyPostcode(rng: Rng, project: ProjectRow, cache: Map<number, SuburbInfo[]>): string {
  const state = project.state as AustralianState;
  let nearest = cache.get(project.id);
  if (!nearest) {
    const distance = (suburb: SuburbInfo) =>
      (suburb.lat - project.lat!) ** 2 +
      ((suburb.lng - project.lng!) * Math.cos((suburb.lat * Math.PI) / 180)) ** 2;
    nearest = [...SUBURBS_BY_STATE[state]].sort((a, b) => distance(a) - distance(b)).slice(0, 6);
    cache.set(project.id, nearest);
  }
  if (rng.chance(0.12)) return rng.pick(SUBURBS_BY_STATE[state]).postcode;
  return rng.weighted(nearest.map((suburb, index) => [suburb.postcode, 6 - index] as const));
}

/** The configuration a buyer asks about: first home buyers and investors the cheaper ones, upsizers the larger. */
function pickConfiguration(rng: Rng, configurations: ConfigRow[], buyerType: EnquiryBuyerType) {
  if (configurations.length === 0) return undefined;
  const n = configurations.length;
  return rng.weighted(
    configurations.map((configuration, index) => {
      const weight =
        buyerType === 'FIRST_HOME_BUYER'
          ? n - index
          : buyerType === 'NEXT_HOME_BUYER'
            ? index + 1
            : index <= 1
              ? 3
              : 1;
      return [configuration, weight] as const;
    }),
  );
}

/** What the buyer filled in: budget and bedrooms fitting the listing's prices, finance, timeframe, message, attribution. */
function enquiryFields(
  rng: Rng,
  project: LeadProject,
  buyer: BuyerPlan,
  createdAt: number,
  now: number,
): EnquiryFields {
  const { row } = project;
  const configuration = pickConfiguration(rng, project.configurations, buyer.buyerType);
  const price = configuration
    ? (configuration.priceFrom ?? 0) +
      rng.next() * ((configuration.priceTo ?? configuration.priceFrom ?? 0) - (configuration.priceFrom ?? 0))
    : rng.int(45, 120) * 10_000;
  const configurationName = configuration && rng.chance(0.6) ? configuration.name : null;
  const template = rng.chance(0.3)
    ? rng.pick(MESSAGES_BY_BUYER_TYPE[buyer.buyerType])
    : rng.pick(GENERAL_MESSAGES);
  const message = rng.chance(0.72)
    ? fillIn(
        template,
        row,
        configuration?.name ?? (row.projectType === 'TOWNHOUSE' ? 'townhome' : 'apartment'),
      )
    : null;
  const ageDays = (now - createdAt) / DAY_MS;
  return {
    budget: rng.chance(0.86) ? roundTo(price * (0.92 + rng.next() * 0.3), 10_000) : null,
    bedrooms: configuration
      ? rng.chance(0.75)
        ? configuration.bedrooms
        : null
      : rng.chance(0.5)
        ? rng.int(1, 3)
        : null,
    configuration: configurationName,
    timeframe: rng.weighted(timeframeWeights(row.stage as Stage)),
    financeStatus: rng.weighted(FINANCE_WEIGHTS[buyer.buyerType]),
    message,
    // A few of the oldest came from the spreadsheet a developer kept before the portal.
    source: ageDays > 365 && rng.chance(0.06) ? 'import' : 'listing',
    ...attribution(rng, row),
    salePriceBase: Math.round(price),
  };
}

export function fillIn(template: string, project: ProjectRow, configuration: string): string {
  return template
    .replaceAll('{project}', project.title!)
    .replaceAll('{config}', configuration)
    .replaceAll('{suburb}', project.suburb!);
}

/** Where the buyer came from: search, social, the newsletter, a property portal, or straight to the page. */
function attribution(
  rng: Rng,
  project: ProjectRow,
): Omit<
  EnquiryFields,
  | 'budget'
  | 'bedrooms'
  | 'configuration'
  | 'timeframe'
  | 'financeStatus'
  | 'message'
  | 'source'
  | 'salePriceBase'
> {
  const none = {
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    utmTerm: null,
    utmContent: null,
    referrer: null,
    campaignId: null,
  };
  const paid = project.campaignType === 'CPL' || project.campaignType === 'CPS' ? 1.5 : 1;
  const channel = rng.weighted([
    ['direct', 20],
    ['google-ads', 20 * paid],
    ['google', 12],
    ['facebook', 16 * paid],
    ['instagram', 6 * paid],
    ['email', 8],
    ['portal', 14],
  ] as const);
  const slug = project.slug!;
  const suburb = project.suburb!;
  switch (channel) {
    case 'direct':
      return none;
    case 'google-ads':
      return {
        ...none,
        utmSource: 'google',
        utmMedium: 'cpc',
        utmCampaign: `${slug}-search`,
        utmTerm: rng.pick([
          `new apartments ${suburb.toLowerCase()}`,
          `off the plan ${suburb.toLowerCase()}`,
          `${suburb.toLowerCase()} townhouses`,
          'off the plan apartments',
          project.title!.toLowerCase(),
        ]),
      };
    case 'google':
      return { ...none, utmSource: 'google', utmMedium: 'organic' };
    case 'facebook':
    case 'instagram':
      return {
        ...none,
        utmSource: channel,
        utmMedium: 'paid_social',
        utmCampaign: `${slug}-${rng.pick(['launch', 'release-2', 'final-release', 'open-day'])}`,
        utmContent: rng.pick(
          channel === 'facebook' ? ['carousel', 'video', 'lead-ad', 'static'] : ['story', 'reel'],
        ),
      };
    case 'email':
      return {
        ...none,
        utmSource: 'email',
        utmMedium: 'email',
        utmCampaign: `newsletter-${kebab(suburb)}`,
        // Spec §2 iterableEmailCampaignId: the newsletter's campaign number.
        campaignId: String(rng.int(1_000_000, 9_999_999)),
      };
    case 'portal': {
      const [name, host] = rng.pick(REFERRING_PORTALS);
      return {
        ...none,
        utmSource: name,
        utmMedium: 'referral',
        referrer: `https://${host}/new-developments/${project.prefix}/${kebab(suburb)}`,
      };
    }
  }
}

/** The pipeline in order (design §3); Lost can follow any step before a sale. */
const PIPELINE: readonly LeadStatus[] = ['NEW', 'CONTACTED', 'INSPECTED', 'RESERVED', 'EXCHANGED', 'SETTLED'];
/** Days from the step before to this one. */
const STEP_GAP_DAYS: Partial<Record<LeadStatus, readonly [number, number]>> = {
  INSPECTED: [1, 14],
  RESERVED: [2, 30],
  EXCHANGED: [3, 35],
  SETTLED: [30, 200],
  LOST: [2, 45],
};
/** The youngest a lead can be to have got this far. */
const MIN_AGE_DAYS: Record<LeadStatus, number> = {
  NEW: 0,
  CONTACTED: 1,
  INSPECTED: 3,
  RESERVED: 7,
  EXCHANGED: 20,
  SETTLED: 60,
  LOST: 3,
};

/**
 * The developer demo account shows every status, Lost and the sales included: a status its leads did
 * not draw is given to one of its leads old (or, for New, young) enough, taken from a status it has
 * more than one of.
 */
function coverEveryStatusForTheDemoDeveloper(plans: LeadPlan[], now: number) {
  const demoOrganisation = orgByKey('harbourline').id;
  const own = plans.filter((plan) => plan.project.row.organisationId === demoOrganisation);
  const counts = new Map<LeadStatus, number>();
  for (const plan of own) counts.set(plan.status, (counts.get(plan.status) ?? 0) + 1);
  for (const status of LEAD_STATUSES) {
    if (counts.get(status)) continue;
    const ageDays = (plan: LeadPlan) => (now - plan.createdAt) / DAY_MS;
    const candidates = own
      .filter((plan) => (counts.get(plan.status) ?? 0) > 1 && ageDays(plan) >= MIN_AGE_DAYS[status])
      .sort((a, b) =>
        status === 'NEW'
          ? b.createdAt - a.createdAt
          : status === 'SETTLED' &&
              (a.project.row.stage === 'COMPLETE') !== (b.project.row.stage === 'COMPLETE')
            ? a.project.row.stage === 'COMPLETE'
              ? -1
              : 1
            : a.createdAt - b.createdAt,
      );
    const chosen = candidates[0];
    if (!chosen) continue;
    counts.set(chosen.status, counts.get(chosen.status)! - 1);
    chosen.status = status;
    counts.set(status, 1);
  }
}

/** The statuses a lead went through after New to reach `target`. */
function statusPath(r: Rng, target: LeadStatus): LeadStatus[] {
  if (target === 'NEW') return [];
  const path =
    target === 'LOST'
      ? [
          ...PIPELINE.slice(
            1,
            1 +
              r.weighted([
                [0, 15],
                [1, 50],
                [2, 25],
                [3, 10],
              ] as const),
          ),
          'LOST' as const,
        ]
      : PIPELINE.slice(1, PIPELINE.indexOf(target) + 1);
  // Some buyers reserve off the plans without visiting the display suite.
  const inspected = path.indexOf('INSPECTED');
  if (inspected >= 0 && inspected < path.length - 1 && r.chance(0.2)) path.splice(inspected, 1);
  return path;
}

/**
 * When the team first answered, against the speed-to-lead deadline: most answer within the target
 * (straight away, or first thing when business hours open), about one in eight misses it.
 */
function firstResponse(r: Rng, createdAt: number, deadline: number): { at: number; missed: boolean } {
  if (r.chance(0.13)) return { at: deadline + (5 + r.next() ** 2 * 30 * 60) * MINUTE_MS, missed: true };
  const target = RESPONSE_TARGET.minutes * MINUTE_MS;
  const window = deadline - createdAt;
  if (window <= target + 1000 || r.chance(0.45)) {
    return {
      at: createdAt + MINUTE_MS + r.next() ** 1.5 * (Math.min(window, target) - MINUTE_MS),
      missed: false,
    };
  }
  return {
    at: deadline - r.int(0, RESPONSE_TARGET.minutes - 1) * MINUTE_MS - r.int(0, 59) * 1000,
    missed: false,
  };
}

type Step = { status: LeadStatus; at: number; actor: string };

/** The status changes that take the lead to its planned status, at times that fit before `now`. */
function steps(r: Rng, plan: LeadPlan, response: number, actorOf: () => string, now: number): Step[] {
  const path = statusPath(r, plan.status);
  if (path.length === 0 || response >= now - MINUTE_MS) return [];
  const gaps = path.slice(1).map((status) => {
    const [low, high] = STEP_GAP_DAYS[status]!;
    return r.int(low, high) * DAY_MS + r.int(0, 8 * 60) * MINUTE_MS;
  });
  const total = gaps.reduce((sum, gap) => sum + gap, 0);
  // A lead younger than its path is played out faster: it still reaches its planned status.
  const scale = total === 0 ? 1 : Math.min(1, (now - response - 30 * MINUTE_MS) / total);
  let at = response;
  return path.map((status, index) => {
    if (index > 0) at += Math.max(MINUTE_MS, gaps[index - 1]! * scale);
    return { status, at: Math.floor(at / 1000) * 1000, actor: actorOf() };
  });
}

const isoDay = (instant: number) => new Date(instant + 10 * HOUR_MS).toISOString().slice(0, 10);

/** The lead row and its timeline: enquiry, notification, assignment, status changes, notes, alerts. */
function playOut(
  id: number,
  plan: LeadPlan,
  rules: readonly ScoringRule[],
  now: number,
): { lead: LeadRow; events: LeadEventRow[] } {
  const r = createRng(plan.seed);
  const { project, buyer, fields, createdAt } = plan;
  const events: LeadEventRow[] = [];
  const event = (kind: LeadEventRow['kind'], at: number, extra: Partial<LeadEventRow> = {}) =>
    events.push({ leadId: id, kind, actorId: null, text: null, data: {}, ...extra, createdAt: new Date(at) });
  // The shapes intake, the notification jobs and the leads API write (the drawer reads them all).
  event('enquiry', createdAt, { text: fields.message, data: { source: fields.source } });
  const notifiedAt = createdAt + r.int(2, 20) * 1000;
  event('notified', notifiedAt, { data: { recipients: project.assignees.length } });
  const lastEnquiryAt = plan.mergedAfterMs === null ? createdAt : createdAt + plan.mergedAfterMs;
  if (lastEnquiryAt > createdAt) {
    const repeat = fillIn(r.pick(REPEAT_MESSAGES), project.row, fields.configuration ?? 'apartment');
    event('repeat_enquiry', lastEnquiryAt, {
      text: repeat,
      data: { enquiryCount: 2, source: fields.source, buyerType: buyer.buyerType },
    });
  }
  const deadline = responseDeadline(
    new Date(createdAt),
    RESPONSE_TARGET,
    project.row.state as AustralianState,
  ).getTime();
  const response = firstResponse(r, createdAt, deadline);
  const assignee = r.weighted(project.assignees);
  const leadSteps = steps(
    r,
    plan,
    response.at,
    () => (r.chance(0.85) ? assignee : r.weighted(project.assignees)),
    now,
  );
  const activity = [createdAt, lastEnquiryAt];
  // Most leads are handed to someone before the first call; a few are answered by whoever saw them first.
  const assignedAt = Math.min(createdAt + r.int(1, 20) * MINUTE_MS, (leadSteps[0]?.at ?? now) - MINUTE_MS);
  const assigned = (leadSteps.length > 0 ? r.chance(0.9) : r.chance(0.4)) && assignedAt > createdAt;
  if (assigned) {
    const assigner = project.managers.length > 0 && r.chance(0.7) ? r.pick(project.managers) : assignee;
    event('assigned', assignedAt, {
      actorId: assigner,
      data: { assignee: { id: assignee, name: project.names.get(assignee) } },
    });
    activity.push(assignedAt);
    if (leadSteps[0]) leadSteps[0].actor = assignee;
  }
  const outcome = recordSteps(r, plan, leadSteps, event, activity, now);
  // No answer by the deadline: the speed-to-lead alert went out once, a minute or so after it.
  const speedAlertAt = deadline + r.int(20, 90) * 1000;
  const alerted =
    (leadSteps.length === 0 || response.missed) && speedAlertAt < Math.min(now, leadSteps[0]?.at ?? now);
  if (alerted) {
    event('speed_alert', speedAlertAt, {
      data: { minutesWaiting: Math.round((speedAlertAt - createdAt) / MINUTE_MS) },
    });
  }
  const lastActivityAt = Math.max(...activity);
  const { score: baseScore, contributions } = scoreLead(rules, {
    ...fields,
    buyerType: buyer.buyerType,
    phone: buyer.phone,
    postcode: buyer.postcode,
  });
  const decay = scoreDecayPoints(baseScore, (now - lastActivityAt) / DAY_MS);
  events.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  const { salePriceBase: _unused, ...enquiry } = fields;
  return {
    lead: {
      id,
      projectId: project.row.id,
      buyerId: buyer.id,
      name: buyer.name,
      email: buyer.email,
      phone: buyer.phone,
      postcode: buyer.postcode,
      buyerType: buyer.buyerType,
      ...enquiry,
      consentAt: new Date(createdAt),
      status: leadSteps.at(-1)?.status ?? 'NEW',
      ...outcome,
      assigneeId: assigned ? assignee : null,
      baseScore,
      score: baseScore - decay,
      scoreContributions: contributions,
      enquiryCount: lastEnquiryAt > createdAt ? 2 : 1,
      createdAt: new Date(createdAt),
      lastEnquiryAt: new Date(lastEnquiryAt),
      lastActivityAt: new Date(lastActivityAt),
      firstResponseAt: leadSteps[0] ? new Date(leadSteps[0].at) : null,
      firstResponseById: leadSteps[0]?.actor ?? null,
      notifiedAt: new Date(notifiedAt),
      speedAlertAt: alerted ? new Date(speedAlertAt) : null,
    },
    events,
  };
}

/** The status changes as timeline entries (with a note now and then), and the sale or loss they end in. */
function recordSteps(
  r: Rng,
  plan: LeadPlan,
  leadSteps: Step[],
  event: (kind: LeadEventRow['kind'], at: number, extra?: Partial<LeadEventRow>) => void,
  activity: number[],
  now: number,
): Pick<LeadRow, 'lostReason' | 'salePrice' | 'saleDate'> {
  const outcome: Pick<LeadRow, 'lostReason' | 'salePrice' | 'saleDate'> = {
    lostReason: null,
    salePrice: null,
    saleDate: null,
  };
  let from: LeadStatus = 'NEW';
  leadSteps.forEach((step, index) => {
    const data: Record<string, unknown> = { from, to: step.status };
    let text: string | null = null;
    if (step.status === 'LOST') {
      text =
        from === 'NEW'
          ? r.pick(['No response after several attempts', 'Not a genuine enquiry'])
          : r.pick(LOST_REASONS);
      outcome.lostReason = text;
    }
    if (step.status === 'EXCHANGED' || step.status === 'SETTLED') {
      outcome.salePrice ??= roundTo(plan.fields.salePriceBase * (0.97 + r.next() * 0.08), 5000);
      outcome.saleDate ??= isoDay(step.at);
      Object.assign(data, { salePrice: outcome.salePrice, saleDate: outcome.saleDate });
    }
    event('status', step.at, { actorId: step.actor, text, data });
    activity.push(step.at);
    from = step.status;
    // The team's notes between one step and the next.
    const next = leadSteps[index + 1]?.at ?? now;
    const noteAt = step.at + r.int(10, 240) * MINUTE_MS;
    if (step.status !== 'LOST' && r.chance(0.35) && noteAt < next) {
      const configuration = plan.fields.configuration ?? 'apartment';
      event('note', noteAt, {
        actorId: step.actor,
        text: fillIn(r.pick(SALES_NOTES), plan.project.row, configuration),
      });
      activity.push(noteAt);
    }
  });
  return outcome;
}
