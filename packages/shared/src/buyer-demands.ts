import { z } from 'zod';
import { REPORTING_MIN_START_DATE } from './constants.ts';
import { AUSTRALIAN_STATES, BUYER_TYPES, ENQUIRY_BUYER_TYPES, type EnquiryBuyerType } from './enums.ts';
import { REPORTING_MAX_RANGE_YEARS, REPORTING_MESSAGES } from './reporting.ts';

/** /buyer-demands (issue 19, decision 035) and the marketplace search intake. */

/** Where a buyer's demand was seen: an enquiry (a lead) or a search on the public marketplace. */
export const DEMAND_SOURCES = ['ENQUIRY', 'SEARCH'] as const;
export type DemandSource = (typeof DEMAND_SOURCES)[number];

/**
 * Budget bands, in whole dollars: a budget falls in the band whose `below` it is under (the last has
 * none). The database's `buyer_budget_band(integer)` (migration 0017) is this same table written in
 * SQL; a test holds them together. A lead's budget is its band; a search's is its price maximum
 * (else its minimum); configurations are banded by their price from.
 */
export const BUDGET_BANDS = [
  { key: 'UNDER_500K', below: 500_000, label: 'Under $500k' },
  { key: '500K_750K', below: 750_000, label: '$500k–$750k' },
  { key: '750K_1M', below: 1_000_000, label: '$750k–$1m' },
  { key: '1M_1_5M', below: 1_500_000, label: '$1m–$1.5m' },
  { key: '1_5M_2M', below: 2_000_000, label: '$1.5m–$2m' },
  { key: '2M_PLUS', below: null, label: '$2m and over' },
] as const;
export type BudgetBand = (typeof BUDGET_BANDS)[number]['key'];
export const BUDGET_BAND_KEYS = BUDGET_BANDS.map((band) => band.key) as [BudgetBand, ...BudgetBand[]];

/** The band of a budget in dollars; null when none was given. */
export function budgetBandOf(budget: number | null | undefined): BudgetBand | null {
  if (budget === null || budget === undefined) return null;
  for (const band of BUDGET_BANDS) if (band.below === null || budget < band.below) return band.key;
  return '2M_PLUS';
}

// ---------------------------------------------------------------------------------------------------
// Paths (kept here until API_PATHS takes them)

// ---------------------------------------------------------------------------------------------------
// The marketplace search intake

/** Searches in one batch. */
export const MARKETPLACE_SEARCH_BATCH_MAX = 50;
/** Bytes of one intake body. */
export const MARKETPLACE_SEARCH_BODY_MAX = 32 * 1024;
/** Searches per client address per minute, counted across processes. */
export const MARKETPLACE_SEARCHES_PER_ADDRESS_PER_MINUTE = 600;
/** Suburbs one search may name. */
export const MARKETPLACE_SEARCH_SUBURBS_MAX = 10;
/** How far back a search's time may be (a marketplace's queue may hold searches a while). */
export const MARKETPLACE_SEARCH_MAX_AGE_DAYS = 7;

const priceField = (label: string) =>
  z
    .number({ error: `${label} must be a number of dollars` })
    .int(`${label} must be whole dollars`)
    .min(0, `${label} cannot be negative`)
    .max(100_000_000, `${label} is at most $100,000,000`)
    .nullish();

export const marketplaceSearchSchema = z
  .strictObject({
    /** ISO 8601 with offset; when the buyer searched. */
    searchedAt: z.iso.datetime({ offset: true, error: 'searchedAt must be an ISO 8601 date-time' }),
    state: z.enum(AUSTRALIAN_STATES, { error: `state must be one of ${AUSTRALIAN_STATES.join(', ')}` }),
    suburbs: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'A suburb cannot be empty')
          .max(60, 'A suburb is at most 60 characters')
          .regex(/^[\p{L}\p{M}' .-]+$/u, 'A suburb has letters, spaces, apostrophes, dots and hyphens only'),
      )
      .max(MARKETPLACE_SEARCH_SUBURBS_MAX, `At most ${MARKETPLACE_SEARCH_SUBURBS_MAX} suburbs`)
      .default([]),
    /** The fewest bedrooms asked for (0: studio). */
    bedrooms: z
      .number({ error: 'bedrooms must be a number' })
      .int('bedrooms must be a whole number')
      .min(0, 'bedrooms cannot be negative')
      .max(10, 'bedrooms is at most 10')
      .nullish(),
    priceMin: priceField('priceMin'),
    priceMax: priceField('priceMax'),
    buyerType: z.enum(ENQUIRY_BUYER_TYPES as [EnquiryBuyerType, ...EnquiryBuyerType[]]).nullish(),
  })
  .superRefine((search, ctx) => {
    if (search.priceMin != null && search.priceMax != null && search.priceMax < search.priceMin)
      ctx.addIssue({ code: 'custom', path: ['priceMax'], message: 'priceMax must be at least priceMin' });
  });
export type MarketplaceSearchInput = z.infer<typeof marketplaceSearchSchema>;

export const marketplaceSearchBatchSchema = z.strictObject({
  searches: z
    .array(marketplaceSearchSchema)
    .min(1, 'Send at least one search')
    .max(MARKETPLACE_SEARCH_BATCH_MAX, `At most ${MARKETPLACE_SEARCH_BATCH_MAX} searches a batch`),
});
export type MarketplaceSearchBatch = z.infer<typeof marketplaceSearchBatchSchema>;

/** 202: `stored` searches were kept (a search older than MARKETPLACE_SEARCH_MAX_AGE_DAYS or in the future is left out). */
export const marketplaceSearchAnswerSchema = z.object({ stored: z.number().int() });

// ---------------------------------------------------------------------------------------------------
// /buyer-demands

export const DEMAND_GROUPINGS = ['SUBURB', 'STATE', 'BEDROOMS', 'BUDGET_BAND', 'BUYER_TYPE'] as const;
export type DemandGrouping = (typeof DEMAND_GROUPINGS)[number];
export const DEMAND_GROUPING_LABELS: Record<DemandGrouping, string> = {
  SUBURB: 'Suburb',
  STATE: 'State',
  BEDROOMS: 'Bedrooms',
  BUDGET_BAND: 'Budget band',
  BUYER_TYPE: 'Buyer type',
};

export const DEMAND_SOURCE_FILTERS = ['BOTH', ...DEMAND_SOURCES] as const;
export type DemandSourceFilter = (typeof DEMAND_SOURCE_FILTERS)[number];
export const DEMAND_SOURCE_FILTER_LABELS: Record<DemandSourceFilter, string> = {
  BOTH: 'Enquiries and searches',
  ENQUIRY: 'Enquiries',
  SEARCH: 'Marketplace searches',
};

/** Bedrooms at or above this are one group ("5+ bedrooms"). */
export const DEMAND_BEDROOMS_CAP = 5;
/**
 * Demand outruns supply when the period's demand is at least this many times the units in stock (or
 * there is demand and no stock at all).
 */
export const DEMAND_OUTRUNS_RATIO = 1;

export const BUYER_DEMAND_MESSAGES = {
  endBeforeStart: REPORTING_MESSAGES.endBeforeStart,
  rangeTooLong: REPORTING_MESSAGES.rangeTooLong,
  badDate: REPORTING_MESSAGES.badDate,
  startTooEarly: REPORTING_MESSAGES.startTooEarly,
} as const;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, BUYER_DEMAND_MESSAGES.badDate)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), BUYER_DEMAND_MESSAGES.badDate);

const plusYears = (day: string, years: number) => `${Number(day.slice(0, 4)) + years}${day.slice(4)}`;

export const buyerDemandQuerySchema = z
  .object({
    startDate: isoDay,
    endDate: isoDay,
    state: z.enum(AUSTRALIAN_STATES).optional(),
    source: z.enum(DEMAND_SOURCE_FILTERS).default('BOTH'),
    buyerType: z.enum(BUYER_TYPES).default('ALL'),
    groupBy: z.enum(DEMAND_GROUPINGS).default('SUBURB'),
  })
  .superRefine((query, ctx) => {
    if (query.startDate < REPORTING_MIN_START_DATE)
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: BUYER_DEMAND_MESSAGES.startTooEarly });
    if (query.endDate < query.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: BUYER_DEMAND_MESSAGES.endBeforeStart });
    else if (query.endDate > plusYears(query.startDate, REPORTING_MAX_RANGE_YEARS))
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: BUYER_DEMAND_MESSAGES.rangeTooLong });
  });
export type BuyerDemandQuery = z.infer<typeof buyerDemandQuerySchema>;
export type BuyerDemandQueryInput = z.input<typeof buyerDemandQuerySchema>;

export const buyerDemandRowSchema = z.object({
  /** The group's value: a state, `STATE/suburb` (lower case), bedrooms, a band key, a buyer type; null: not said. */
  key: z.string().nullable(),
  label: z.string(),
  enquiries: z.number().int(),
  searches: z.number().int(),
  /** Enquiries and searches the filters count. */
  demand: z.number().int(),
  /** Listed projects with a configuration in stock in the group; null where the grouping has no supply (buyer type, not said). */
  supplyProjects: z.number().int().nullable(),
  supplyConfigurations: z.number().int().nullable(),
  /** Units in stock. */
  supplyStock: z.number().int().nullable(),
  /** Demand per unit in stock; null without supply figures or without stock. */
  ratio: z.number().nullable(),
  outrunsSupply: z.boolean(),
});
export type BuyerDemandRow = z.infer<typeof buyerDemandRowSchema>;

export const buyerDemandAnswerSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  groupBy: z.enum(DEMAND_GROUPINGS),
  totals: z.object({ enquiries: z.number().int(), searches: z.number().int(), demand: z.number().int() }),
  /** Whether this grouping compares with supply (every one but buyer type). */
  comparesSupply: z.boolean(),
  /** Sorted: demand outrunning supply first (highest ratio, no stock first), then by demand. */
  rows: z.array(buyerDemandRowSchema),
});
export type BuyerDemandAnswer = z.infer<typeof buyerDemandAnswerSchema>;

/** The label of a bedrooms group. */
export function bedroomsLabel(bedrooms: number | null): string {
  if (bedrooms === null) return 'Not said';
  if (bedrooms === 0) return 'Studio';
  if (bedrooms >= DEMAND_BEDROOMS_CAP) return `${DEMAND_BEDROOMS_CAP}+ bedrooms`;
  return bedrooms === 1 ? '1 bedroom' : `${bedrooms} bedrooms`;
}

export const BUDGET_BAND_LABELS = Object.fromEntries(
  BUDGET_BANDS.map((band) => [band.key, band.label]),
) as Record<BudgetBand, string>;
