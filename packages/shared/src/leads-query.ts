import { z } from 'zod';
import {
  ENQUIRY_BUYER_TYPES,
  type EnquiryBuyerType,
  LEAD_SCORE_MAX,
  LEAD_SORTS,
  LEAD_SOURCES,
  LEAD_STATUSES,
  LEADS_PAGE_SIZES,
} from './enums.ts';
import { text } from './text.ts';

/**
 * The leads page's query (issue 16), apart from the rest of the leads contract (leads.ts). The
 * enumerations it filters on are in enums.ts: the web app's first page reads the leads URL with them
 * (by hand, apps/web lead-search.ts), and a module the first page imports builds every schema it
 * holds (decision 044).
 */

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
