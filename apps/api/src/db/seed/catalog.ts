import type {
  AustralianState,
  CampaignType,
  OrganisationRole,
  ProjectType,
  SalesPeriodStage,
  SalesStatus,
  Stage,
} from '@offplan/shared';

/** Fixed catalogue of the demo data: organisations, people and the words listings are made of. */

export type DemoOrgKind = 'developer' | 'marketer' | 'agency';

export type DemoOrg = {
  key: string;
  id: string;
  name: string;
  slug: string;
  kind: DemoOrgKind;
  /** States where a developer mostly builds. */
  homeStates: AustralianState[];
  domain: string;
  phone: string;
  address: string;
  about: string;
  /** Days before the base date the organisation joined. */
  joinedDaysAgo: number;
};

const org = (o: Omit<DemoOrg, 'id' | 'slug'>): DemoOrg => ({
  ...o,
  id: `org_demo_${o.key}`,
  slug: o.name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, ''),
});

export const DEMO_ORGS: readonly DemoOrg[] = [
  org({
    key: 'harbourline',
    name: 'Harbourline Developments',
    kind: 'developer',
    homeStates: ['NSW'],
    domain: 'harbourline.example',
    phone: '(02) 5550 1200',
    address: 'Level 14, 60 Margaret Street, Sydney NSW 2000',
    about:
      'Sydney developer of boutique apartments and family townhomes since 2004, with more than 2,400 homes delivered across Greater Sydney and the Illawarra.',
    joinedDaysAgo: 820,
  }),
  org({
    key: 'southgate',
    name: 'Southgate Property Group',
    kind: 'developer',
    homeStates: ['VIC', 'TAS'],
    domain: 'southgateproperty.example',
    phone: '(03) 5550 3400',
    address: 'Level 9, 120 Collins Street, Melbourne VIC 3000',
    about:
      'Melbourne-based developer and builder of mid-rise residential buildings in inner and middle-ring suburbs, with a growing pipeline in Hobart.',
    joinedDaysAgo: 760,
  }),
  org({
    key: 'coralcoast',
    name: 'Coral Coast Developments',
    kind: 'developer',
    homeStates: ['QLD', 'NT'],
    domain: 'coralcoast.example',
    phone: '(07) 5550 7100',
    address: 'Level 6, 300 Queen Street, Brisbane City QLD 4000',
    about:
      'Queensland developer of coastal apartments and master-planned townhome communities from Cairns to the Gold Coast and Darwin.',
    joinedDaysAgo: 700,
  }),
  org({
    key: 'swanview',
    name: 'Swanview Projects',
    kind: 'developer',
    homeStates: ['WA'],
    domain: 'swanviewprojects.example',
    phone: '(08) 5550 2600',
    address: 'Level 11, 200 St Georges Terrace, Perth WA 6000',
    about:
      'Perth developer focused on medium-density living near rail stations and the Swan River foreshore.',
    joinedDaysAgo: 610,
  }),
  org({
    key: 'torrens',
    name: 'Torrens Living',
    kind: 'developer',
    homeStates: ['SA'],
    domain: 'torrensliving.example',
    phone: '(08) 5550 8800',
    address: '45 Pirie Street, Adelaide SA 5000',
    about:
      'Adelaide developer of energy-efficient apartments and terrace homes in established neighbourhoods.',
    joinedDaysAgo: 540,
  }),
  org({
    key: 'capitalridge',
    name: 'Capital Ridge Homes',
    kind: 'developer',
    homeStates: ['ACT', 'NSW'],
    domain: 'capitalridge.example',
    phone: '(02) 5550 6100',
    address: '12 Mort Street, Braddon ACT 2612',
    about:
      'Canberra builder-developer of townhomes and low-rise apartments in the ACT and regional New South Wales.',
    joinedDaysAgo: 480,
  }),
  org({
    key: 'keystone',
    name: 'Keystone Project Marketing',
    kind: 'marketer',
    homeStates: [],
    domain: 'keystonemarketing.example',
    phone: '(03) 5550 4200',
    address: 'Level 3, 88 Chapel Street, Windsor VIC 3181',
    about: 'Project marketing and off-the-plan sales for developers along the east coast.',
    joinedDaysAgo: 430,
  }),
  org({
    key: 'brightside',
    name: 'Brightside Media Agency',
    kind: 'agency',
    homeStates: [],
    domain: 'brightsidemedia.example',
    phone: '(02) 5550 9300',
    address: 'Suite 4.02, 55 Clarence Street, Sydney NSW 2000',
    about: 'Digital media agency running lead-generation campaigns for residential developers.',
    joinedDaysAgo: 390,
  }),
];

export const orgByKey = (key: string): DemoOrg => {
  const found = DEMO_ORGS.find((entry) => entry.key === key);
  if (!found) throw new Error(`unknown demo organisation ${key}`);
  return found;
};

export type DemoPerson = {
  key: string;
  firstName: string;
  lastName: string;
  /** Explicit address for the demo accounts; others get first.last@<org domain>. */
  email?: string;
  orgKey: string | null;
  orgRole: OrganisationRole | null;
  jobRoleId: number | null;
  title: string | null;
  admin?: boolean;
  emailVerified?: boolean;
  impersonationOptOut?: boolean;
  joinedDaysAgo: number;
};

/** The five documented demo accounts, then the supporting cast. */
export const DEMO_PEOPLE: readonly DemoPerson[] = [
  {
    key: 'admin',
    firstName: 'Olivia',
    lastName: 'Bennett',
    email: 'admin@demo.offplan.test',
    orgKey: null,
    orgRole: null,
    jobRoleId: 9,
    title: 'Platform Operations Lead',
    admin: true,
    joinedDaysAgo: 900,
  },
  {
    key: 'developer',
    firstName: 'Daniel',
    lastName: 'Nguyen',
    email: 'developer@demo.offplan.test',
    orgKey: 'harbourline',
    orgRole: 'owner',
    jobRoleId: 1,
    title: 'Development Director',
    joinedDaysAgo: 820,
  },
  {
    key: 'marketer',
    firstName: 'Sophie',
    lastName: 'Williams',
    email: 'marketer@demo.offplan.test',
    orgKey: 'keystone',
    orgRole: 'member',
    jobRoleId: 2,
    title: 'Project Marketing Manager',
    joinedDaysAgo: 120,
  },
  {
    key: 'agency',
    firstName: 'Liam',
    lastName: "O'Connor",
    email: 'agency@demo.offplan.test',
    orgKey: 'brightside',
    orgRole: 'member',
    jobRoleId: 8,
    title: 'Media Director',
    joinedDaysAgo: 300,
  },
  {
    key: 'unverified',
    firstName: 'Grace',
    lastName: 'Taylor',
    email: 'unverified@demo.offplan.test',
    orgKey: null,
    orgRole: null,
    jobRoleId: null,
    title: null,
    emailVerified: false,
    joinedDaysAgo: 1,
  },
  // Harbourline Developments
  p('priya', 'Priya', 'Sharma', 'harbourline', 'admin', 1, 'Development Manager', 700),
  p('jack', 'Jack', 'Thompson', 'harbourline', 'member', 2, 'Sales & Marketing Manager', 520),
  p('chloe', 'Chloe', 'Martin', 'harbourline', 'member', 3, 'Sales Consultant', 210),
  // Southgate Property Group
  {
    ...p('marcus', 'Marcus', 'Chen', 'southgate', 'owner', 1, 'Managing Director', 760),
    impersonationOptOut: true,
  },
  p('isabella', 'Isabella', 'Rossi', 'southgate', 'admin', 1, 'Development Manager', 650),
  p('ethan', 'Ethan', 'Walker', 'southgate', 'member', 2, 'Marketing Coordinator', 330),
  p('mia', 'Mia', 'Patel', 'southgate', 'member', 3, 'Sales Agent', 150),
  // Coral Coast Developments
  p('ben', 'Ben', 'Fraser', 'coralcoast', 'owner', 1, 'Director', 700),
  p('hannah', 'Hannah', 'Kelly', 'coralcoast', 'admin', 2, 'Head of Marketing', 600),
  p('noah', 'Noah', 'Wilson', 'coralcoast', 'member', 3, 'Sales Executive', 260),
  p('zoe', 'Zoe', 'Anderson', 'coralcoast', 'member', 1, 'Project Manager', 90),
  // Swanview Projects
  p('ryan', 'Ryan', 'Mitchell', 'swanview', 'owner', 1, 'Managing Director', 610),
  p('emily', 'Emily', 'Clarke', 'swanview', 'member', 2, 'Marketing Manager', 400),
  p('tom', 'Tom', 'Hughes', 'swanview', 'member', 3, 'Sales Consultant', 75),
  // Torrens Living
  p('lucy', 'Lucy', 'Campbell', 'torrens', 'owner', 1, 'Director', 540),
  p('sam', 'Sam', 'Russo', 'torrens', 'member', 2, 'Project Marketer', 380),
  p('aisha', 'Aisha', 'Rahman', 'torrens', 'member', 3, 'Sales Agent', 45),
  // Capital Ridge Homes
  p('james', 'James', 'Murray', 'capitalridge', 'owner', 1, 'Chief Executive', 480),
  p('ella', 'Ella', 'Robinson', 'capitalridge', 'admin', 1, 'Development Manager', 350),
  p('oscar', 'Oscar', 'Lee', 'capitalridge', 'member', 3, 'Sales Agent', 60),
  // Keystone Project Marketing
  p('rebecca', 'Rebecca', 'Stone', 'keystone', 'owner', 2, 'Managing Director', 430),
  p('harry', 'Harry', 'Evans', 'keystone', 'member', 3, 'Sales Agent', 280),
  p('ruby', 'Ruby', 'Tran', 'keystone', 'member', 2, 'Campaign Manager', 170),
  p('matthew', 'Matthew', 'Ford', 'keystone', 'member', 3, 'Senior Sales Agent', 95),
  // Brightside Media Agency
  p('nathan', 'Nathan', 'Brooks', 'brightside', 'owner', 8, 'Managing Partner', 390),
  p('jasmine', 'Jasmine', 'Ali', 'brightside', 'member', 8, 'Digital Campaign Specialist', 220),
  p('amelia', 'Amelia', 'Scott', 'brightside', 'member', 8, 'Account Manager', 130),
  // Not in an organisation yet
  p('michael', 'Michael', 'Doyle', null, null, 3, 'Independent Sales Agent', 240),
  p('sarah', 'Sarah', 'Kim', null, null, 9, "Buyers' Advocate", 110),
  p('lachlan', 'Lachlan', 'Hayes', null, null, 2, 'Freelance Project Marketer', 30),
];

function p(
  key: string,
  firstName: string,
  lastName: string,
  orgKey: string | null,
  orgRole: OrganisationRole | null,
  jobRoleId: number,
  title: string,
  joinedDaysAgo: number,
): DemoPerson {
  return { key, firstName, lastName, orgKey, orgRole, jobRoleId, title, joinedDaysAgo };
}

/** Developers of unclaimed listings that belong to no organisation on the portal. */
export const OTHER_DEVELOPERS = [
  'Meridian Urban',
  'Stonebridge Group',
  'Banksia Property Co.',
  'Northbridge Living',
  'Tidewater Developments',
  'Greenfield Communities',
  'Bluewren Property',
  'Granite & Oak Developments',
  'Kestrel Property Group',
  'Silverleaf Homes',
  'Lakehaven Developments',
  'Ridgeway Projects',
  'Cobalt Living',
  'Saltbush Developments',
  'Parkline Property',
] as const;

export const MARKETERS = [
  'Lighthouse Project Sales',
  'Metro Marketing Co.',
  'Blue Gum Property Marketing',
  'Ironbark Sales Partners',
  'Northshore Project Marketing',
  'Cornerstone Residential Sales',
] as const;

export const BUILDERS = [
  'Coastline Constructions',
  'Redgum Builders',
  'Tallwood Construction',
  'Stratum Build',
  'Granite Peak Constructions',
  'Ashgrove Building Group',
  'Paperbark Construction',
  'Sandstone Build Co.',
] as const;

export const ARCHITECTS = [
  'Studio Lumen Architects',
  'Marlow & Finch Architecture',
  'Kite Street Design',
  'North Point Architects',
  'Tessellate Studio',
  'Greenline Architecture',
] as const;

export const NAME_WORDS = [
  'Elm',
  'Banksia',
  'Waratah',
  'Jacaranda',
  'Wattle',
  'Ironbark',
  'Paperbark',
  'Blackwood',
  'Kurrajong',
  'Magnolia',
  'Aspen',
  'Laurel',
  'Willow',
  'Linden',
  'Cedar',
  'Juniper',
  'Marlowe',
  'Arden',
  'Ashby',
  'Carrington',
  'Kensington',
  'Hartley',
  'Sienna',
  'Lumiere',
  'Aurora',
  'Horizon',
  'Vista',
  'Summit',
  'Solace',
  'Haven',
  'Orchard',
  'Parkside',
  'Parkview',
  'Riverside',
  'Lakeside',
  'Bayside',
  'Seabreeze',
  'Saltwater',
  'Sandstone',
  'Bluestone',
  'Greenwich',
  'Lennox',
  'Hamilton',
  'Beaumont',
  'Kingsley',
  'Fairmont',
  'Clifton',
  'Wren',
  'Lyra',
  'Ember',
] as const;

export const STREETS = [
  'George Street',
  'King Street',
  'Church Street',
  'Victoria Road',
  'Railway Parade',
  'Station Street',
  'High Street',
  'Park Road',
  'Albert Street',
  'Elizabeth Street',
  'Queen Street',
  'William Street',
  'Bridge Road',
  'Smith Street',
  'Hill Street',
  'Union Street',
  'Market Street',
  'Beach Road',
  'Edward Street',
  'Charles Street',
  'Wellington Street',
  'Regent Street',
  'Gordon Street',
  'Ocean Street',
  'Grey Street',
  'Raglan Street',
  'Napier Street',
  'Pearl Street',
] as const;

export const APARTMENT_AMENITIES = [
  'Rooftop terrace',
  'Swimming pool',
  'Residents’ gym',
  'Concierge',
  'Secure basement parking',
  'EV charging',
  'Residents’ lounge',
  'BBQ area',
  'Landscaped gardens',
  'Co-working space',
  'Bike storage',
  'Walk to the train station',
  'Pet-friendly building',
  'Sauna',
  'Private cinema',
  'Parcel lockers',
  '7-star NatHERS rating',
  'Ground-floor cafés and retail',
] as const;

export const TOWNHOUSE_AMENITIES = [
  'Private courtyard',
  'Double garage',
  'Solar panels',
  'Landscaped gardens',
  'Walk to local schools',
  'Ducted air conditioning',
  'Stone benchtops',
  'EV charging',
  'Pet-friendly homes',
  'Playground and parkland',
  'Rainwater tank',
] as const;

export const DISPLAY_SUITE_HOURS = [
  'Sat–Sun 10am–4pm',
  'Wed–Sun 10am–5pm',
  'Thu–Sun 11am–4pm',
  'Daily 10am–5pm',
  'By appointment',
] as const;

/** Realistic pairs of stage and sales status, with a weight; the first rows cover every value. */
export const STATUS_COMBOS: readonly (readonly [Stage, SalesStatus, SalesPeriodStage | null, number])[] = [
  ['IN_PLANNING', 'PENDING_LAUNCH', null, 10],
  ['IN_PLANNING', 'REGISTRATIONS_OF_INTEREST', 'EARLY', 8],
  ['IN_PLANNING', 'HIDDEN', null, 2],
  ['PRECONSTRUCTION', 'REGISTRATIONS_OF_INTEREST', 'EARLY', 6],
  ['PRECONSTRUCTION', 'SELLING_NOW', 'EARLY', 12],
  ['PRECONSTRUCTION', 'PENDING_LAUNCH', null, 4],
  ['COMMENCED', 'SELLING_NOW', 'MID', 16],
  ['COMMENCED', 'SELLING_NOW', 'LATE', 6],
  ['COMMENCED', 'SOLD_OUT', 'LATE', 5],
  ['COMMENCED', 'HIDDEN', 'MID', 1],
  ['COMPLETE', 'SELLING_NOW', 'LATE', 7],
  ['COMPLETE', 'SOLD_OUT', 'LATE', 8],
  ['NOT_PROCEEDING', 'HIDDEN', null, 3],
];

/** Share of new listings per state (roughly by population and building activity). */
export const STATE_WEIGHTS: readonly (readonly [AustralianState, number])[] = [
  ['NSW', 30],
  ['VIC', 27],
  ['QLD', 20],
  ['WA', 10],
  ['SA', 6],
  ['ACT', 3.5],
  ['TAS', 2],
  ['NT', 1.5],
];

/** Price of new homes against Sydney (1 = Sydney). */
export const STATE_PRICE_FACTOR: Readonly<Record<AustralianState, number>> = {
  NSW: 1,
  VIC: 0.78,
  QLD: 0.82,
  ACT: 0.8,
  WA: 0.68,
  SA: 0.7,
  TAS: 0.68,
  NT: 0.5,
};

export type ConfigTemplate = {
  name: string;
  bedrooms: number;
  bathrooms: number;
  carSpaces: [number, number];
  sizeSqm: [number, number];
  /** Typical Sydney price, in dollars. */
  basePrice: number;
};

export const APARTMENT_CONFIGS: readonly ConfigTemplate[] = [
  { name: 'Studio', bedrooms: 0, bathrooms: 1, carSpaces: [0, 0], sizeSqm: [35, 45], basePrice: 520_000 },
  { name: '1 Bedroom', bedrooms: 1, bathrooms: 1, carSpaces: [0, 1], sizeSqm: [50, 58], basePrice: 700_000 },
  {
    name: '1 Bedroom + Study',
    bedrooms: 1,
    bathrooms: 1,
    carSpaces: [1, 1],
    sizeSqm: [58, 66],
    basePrice: 790_000,
  },
  {
    name: '2 Bedroom',
    bedrooms: 2,
    bathrooms: 2,
    carSpaces: [1, 1],
    sizeSqm: [75, 88],
    basePrice: 1_050_000,
  },
  {
    name: '3 Bedroom',
    bedrooms: 3,
    bathrooms: 2,
    carSpaces: [1, 2],
    sizeSqm: [105, 130],
    basePrice: 1_550_000,
  },
  {
    name: 'Penthouse',
    bedrooms: 4,
    bathrooms: 3,
    carSpaces: [2, 3],
    sizeSqm: [170, 260],
    basePrice: 3_200_000,
  },
];

export const TOWNHOUSE_CONFIGS: readonly ConfigTemplate[] = [
  {
    name: '2 Bedroom Townhome',
    bedrooms: 2,
    bathrooms: 2,
    carSpaces: [1, 1],
    sizeSqm: [95, 115],
    basePrice: 850_000,
  },
  {
    name: '3 Bedroom Townhome',
    bedrooms: 3,
    bathrooms: 2,
    carSpaces: [2, 2],
    sizeSqm: [130, 160],
    basePrice: 1_150_000,
  },
  {
    name: '4 Bedroom Townhome',
    bedrooms: 4,
    bathrooms: 3,
    carSpaces: [2, 2],
    sizeSqm: [170, 210],
    basePrice: 1_450_000,
  },
];

/** The listings that make the demo accounts' story: Harbourline's own and its recommendations. */
export type FixedListing = {
  title: string;
  suburb: string;
  state: AustralianState;
  projectType: ProjectType;
  stage: Stage;
  salesStatus: SalesStatus;
  salesPeriodStage: SalesPeriodStage | null;
  campaignType: CampaignType;
  /** Owned by Harbourline when true; unclaimed (but developed by Harbourline) otherwise. */
  owned: boolean;
};

export const HARBOURLINE_LISTINGS: readonly FixedListing[] = [
  fixed(
    'The Elm Residences',
    'Parramatta',
    'NSW',
    'MID_RISE',
    'COMMENCED',
    'SELLING_NOW',
    'MID',
    'CPS',
    true,
  ),
  fixed(
    'Harbourline Quay',
    'Pyrmont',
    'NSW',
    'HIGH_RISE',
    'PRECONSTRUCTION',
    'SELLING_NOW',
    'EARLY',
    'CPL',
    true,
  ),
  fixed(
    'Parkview Townhomes',
    'Kellyville',
    'NSW',
    'TOWNHOUSE',
    'COMMENCED',
    'SELLING_NOW',
    'LATE',
    'NONE',
    true,
  ),
  fixed(
    'Wattle & Vine',
    'Surry Hills',
    'NSW',
    'LOW_RISE',
    'IN_PLANNING',
    'REGISTRATIONS_OF_INTEREST',
    'EARLY',
    'NONE',
    true,
  ),
  fixed('Aurora Chatswood', 'Chatswood', 'NSW', 'HIGH_RISE', 'COMPLETE', 'SOLD_OUT', 'LATE', 'NONE', true),
  fixed(
    'Seabreeze Terraces',
    'Dee Why',
    'NSW',
    'TOWNHOUSE',
    'IN_PLANNING',
    'PENDING_LAUNCH',
    null,
    'NONE',
    true,
  ),
  fixed(
    'The Banksia',
    'Wollongong',
    'NSW',
    'MID_RISE',
    'PRECONSTRUCTION',
    'REGISTRATIONS_OF_INTEREST',
    'EARLY',
    'CPL',
    true,
  ),
  fixed(
    'Saltwater Burleigh',
    'Burleigh Heads',
    'QLD',
    'LOW_RISE',
    'COMMENCED',
    'HIDDEN',
    'MID',
    'NONE',
    true,
  ),
  fixed(
    'Jacaranda Place',
    'Epping',
    'NSW',
    'MID_RISE',
    'IN_PLANNING',
    'REGISTRATIONS_OF_INTEREST',
    'EARLY',
    'NONE',
    false,
  ),
  fixed(
    'Ironbark Mews',
    'Box Hill',
    'NSW',
    'TOWNHOUSE',
    'PRECONSTRUCTION',
    'SELLING_NOW',
    'EARLY',
    'NONE',
    false,
  ),
  fixed(
    'Lumiere Residences',
    'Wolli Creek',
    'NSW',
    'HIGH_RISE',
    'IN_PLANNING',
    'PENDING_LAUNCH',
    null,
    'NONE',
    false,
  ),
];

function fixed(
  title: string,
  suburb: string,
  state: AustralianState,
  projectType: ProjectType,
  stage: Stage,
  salesStatus: SalesStatus,
  salesPeriodStage: SalesPeriodStage | null,
  campaignType: CampaignType,
  owned: boolean,
): FixedListing {
  return { title, suburb, state, projectType, stage, salesStatus, salesPeriodStage, campaignType, owned };
}
