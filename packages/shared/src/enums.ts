import type { PerformanceFigure } from './reporting-answers.ts';

/** Enumerations of spec §3, each with its labels where the spec gives them. */

export const BUILDING_TYPES = ['APARTMENTS', 'TOWNHOUSES'] as const;
export type BuildingType = (typeof BUILDING_TYPES)[number];

/** Construction stage. NOT_PROCEEDING is design §2's terminal stage, set by admins only. */
export const STAGES = ['IN_PLANNING', 'PRECONSTRUCTION', 'COMMENCED', 'COMPLETE', 'NOT_PROCEEDING'] as const;
export type Stage = (typeof STAGES)[number];
export const STAGE_LABELS: Record<Stage, string> = {
  IN_PLANNING: 'In Planning',
  PRECONSTRUCTION: 'Pre Construction',
  COMMENCED: 'Construction Commenced',
  COMPLETE: 'Construction Complete',
  NOT_PROCEEDING: 'Not Proceeding',
};

export const SALES_STATUSES = [
  'HIDDEN',
  'PENDING_LAUNCH',
  'REGISTRATIONS_OF_INTEREST',
  'SELLING_NOW',
  'SOLD_OUT',
] as const;
export type SalesStatus = (typeof SALES_STATUSES)[number];
export const SALES_STATUS_LABELS: Record<SalesStatus, string> = {
  HIDDEN: 'Hidden',
  PENDING_LAUNCH: 'Pending Launch',
  REGISTRATIONS_OF_INTEREST: 'Registrations of Interest',
  SELLING_NOW: 'Selling Now',
  SOLD_OUT: 'Sold Out',
};

/** Spec §4's special sets; their meaning is decided in design §2. */
export const NO_NEW_ENQUIRY_SALES_STATUSES: readonly SalesStatus[] = ['HIDDEN', 'SOLD_OUT'];
export const NO_CONSTRUCTION_INFO_STAGES: readonly Stage[] = ['IN_PLANNING'];

export const PROJECT_TYPES = ['TOWNHOUSE', 'LOW_RISE', 'MID_RISE', 'HIGH_RISE'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];
export const PROJECT_TYPE_LABELS: Record<ProjectType, string> = {
  TOWNHOUSE: 'Townhouse',
  LOW_RISE: 'Low Rise',
  MID_RISE: 'Mid Rise',
  HIGH_RISE: 'High Rise',
};

export const CAMPAIGN_TYPES = ['NONE', 'CPL', 'CPS'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

export const SALES_PERIOD_STAGES = ['EARLY', 'MID', 'LATE'] as const;
export type SalesPeriodStage = (typeof SALES_PERIOD_STAGES)[number];

export const BUYER_TYPES = ['FIRST_HOME_BUYER', 'NEXT_HOME_BUYER', 'INVESTOR', 'ALL'] as const;
export type BuyerType = (typeof BUYER_TYPES)[number];
export const BUYER_TYPE_LABELS: Record<BuyerType, string> = {
  FIRST_HOME_BUYER: 'First Home Buyer',
  NEXT_HOME_BUYER: 'Next Home Buyer',
  INVESTOR: 'Investor',
  ALL: 'All',
};

export const AUSTRALIAN_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export type AustralianState = (typeof AUSTRALIAN_STATES)[number];

export const CALENDAR_GRANULARITIES = ['MONTH', 'WEEK', 'DAY'] as const;
export type CalendarGranularity = (typeof CALENDAR_GRANULARITIES)[number];

export const EXIST_FLAGS = ['true', 'false'] as const;
export type ExistFlag = (typeof EXIST_FLAGS)[number];

/** Access-request status. The spec names PENDING=0 and APPROVED=1; DECLINED and WITHDRAWN complete design §2's flow. */
export const APPROVAL = { PENDING: 0, APPROVED: 1, DECLINED: 2, WITHDRAWN: 3 } as const;
export type ApprovalStatus = (typeof APPROVAL)[keyof typeof APPROVAL];

export const TENANTS = ['offplan', 'ibn'] as const;
export type Tenant = (typeof TENANTS)[number];

export const STAR_RATING_MAX = 5;

/** Job roles chosen at /role (design §1), with the numeric role_id sent to analytics. */
export const JOB_ROLES = [
  { id: 1, key: 'developer', label: 'Developer' },
  { id: 2, key: 'project_marketer', label: 'Project Marketer' },
  { id: 3, key: 'sales_agent', label: 'Sales Agent' },
  { id: 8, key: 'media_agency', label: 'Media Agency' },
  { id: 9, key: 'other', label: 'Other' },
] as const;
export type JobRoleId = (typeof JOB_ROLES)[number]['id'];

/** Spec §6's named role-id list: roles that may not see lead contact details (design §1). */
export const MASKED_LEAD_CONTACT_ROLE_IDS: readonly number[] = [8];

export const ORGANISATION_ROLES = ['owner', 'admin', 'member'] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];

/** The figures of a listing performance report (their schema is reporting.ts'). */
export const PERFORMANCE_FIGURES = [
  'pageViews',
  'uniqueVisitors',
  'enquiries',
  'conversion',
  'brochureDownloads',
  'floorplanViews',
  'phoneReveals',
  'videoPlays',
  'galleryOpens',
] as const satisfies readonly PerformanceFigure[];

/** The jobs views of a queue: failed ones, or the newest in any state. */
export const JOB_VIEWS = ['failed', 'recent'] as const;
export type JobView = (typeof JOB_VIEWS)[number];

/** The /accessrequests page's statuses (projects.ts maps the stored codes to them). */
export const ACCESS_REQUEST_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type AccessRequestStatus = (typeof ACCESS_REQUEST_STATUSES)[number];

// The leads page's enumerations (issue 16; the query itself is leads-query.ts).

/** Spec §3 buyer types a buyer can be (ALL is a reporting filter, not a buyer). */
export const ENQUIRY_BUYER_TYPES = BUYER_TYPES.filter((type) => type !== 'ALL') as Exclude<
  BuyerType,
  'ALL'
>[];
export type EnquiryBuyerType = (typeof ENQUIRY_BUYER_TYPES)[number];

/** Pipeline (design §3): New → Contacted → Inspected → Reserved → Exchanged → Settled, or Lost. */
export const LEAD_STATUSES = [
  'NEW',
  'CONTACTED',
  'INSPECTED',
  'RESERVED',
  'EXCHANGED',
  'SETTLED',
  'LOST',
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  NEW: 'New',
  CONTACTED: 'Contacted',
  INSPECTED: 'Inspected',
  RESERVED: 'Reserved',
  EXCHANGED: 'Exchanged',
  SETTLED: 'Settled',
  LOST: 'Lost',
};
/** Design §3: these count as sales for CPS campaigns (sale price and date recorded). */
export const SALE_LEAD_STATUSES: readonly LeadStatus[] = ['EXCHANGED', 'SETTLED'];

/** Where a lead came from: the public listing form, or the lead API (issue 18). */
export const LEAD_SOURCES = ['listing', 'api', 'import'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const LEAD_SCORE_MAX = 100;

export const LEAD_SORTS = ['createdAt', 'score', 'status', 'project', 'name', 'lastEnquiryAt'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];
export const LEADS_PAGE_SIZES = [25, 50, 100] as const;
