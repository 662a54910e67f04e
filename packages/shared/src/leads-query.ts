import { z } from 'zod';
import { BUYER_TYPES, type BuyerType } from './enums.ts';
import { text } from './text.ts';

/**
 * The leads page's query (issue 16) and the enumerations it filters on, apart from the rest of the
 * leads contract (leads.ts): the web app's first page validates the leads URL with it, and a module
 * the first page imports builds every schema it holds (decision 044).
 */

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

const csvList = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess(
    (value) =>
      value === undefined || value === ''
        ? undefined
        : Array.isArray(value)
          ? value
          : String(value)
              .split(',')
              .filter((part) => part !== ''),
    z.array(item).max(1000).optional(),
  );

export const leadDateSchema = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

/**
 * The leads page's query, the same in the URL, the API and the export (issue 16: export exactly the
 * filtered set). Lists are comma-separated in a query string.
 */
export const leadQuerySchema = z.object({
  projectIds: csvList(z.coerce.number().int().positive()),
  from: leadDateSchema.optional(),
  to: leadDateSchema.optional(),
  status: csvList(z.enum(LEAD_STATUSES)),
  buyerType: csvList(z.enum(ENQUIRY_BUYER_TYPES as [EnquiryBuyerType, ...EnquiryBuyerType[]])),
  scoreMin: z.coerce.number().int().min(0).max(LEAD_SCORE_MAX).optional(),
  scoreMax: z.coerce.number().int().min(0).max(LEAD_SCORE_MAX).optional(),
  source: csvList(z.enum(LEAD_SOURCES)),
  /** A user id, or 'none' for unassigned leads. */
  assignee: text().max(100).optional(),
  /** Admins' /enquiries: one organisation's leads. */
  organisationId: text().max(100).optional(),
  /** Name, email or phone contains (not offered to masked readers). */
  q: text().trim().max(100).optional(),
  sort: z.enum(LEAD_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce
    .number()
    .int()
    .refine((value) => (LEADS_PAGE_SIZES as readonly number[]).includes(value), 'must be 25, 50 or 100')
    .default(25),
});
export type LeadQuery = z.output<typeof leadQuerySchema>;
export type LeadQueryInput = z.input<typeof leadQuerySchema>;
