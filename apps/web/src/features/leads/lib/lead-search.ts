import {
  LEAD_SORTS,
  LEADS_PAGE_SIZES,
  type LeadQueryInput,
  type LeadSort,
  leadQuerySchema,
} from '@offplan/shared';
import { z } from 'zod';

const query = leadQuerySchema.shape;

/**
 * The leads page's URL (/leads, /enquiries): the shared leads query, every part optional so a
 * default stays out of the address, and a bad part dropped instead of failing the page. Lists accept
 * the router's arrays and the comma-separated form a link from an email may carry. `lead` opens the
 * detail drawer (the bell's and the email's deep link).
 */
export const leadSearchSchema = z.object({
  projectIds: query.projectIds.catch(undefined),
  from: query.from.catch(undefined),
  to: query.to.catch(undefined),
  status: query.status.catch(undefined),
  buyerType: query.buyerType.catch(undefined),
  scoreMin: query.scoreMin.catch(undefined),
  scoreMax: query.scoreMax.catch(undefined),
  source: query.source.catch(undefined),
  assignee: query.assignee.catch(undefined),
  organisationId: query.organisationId.catch(undefined),
  q: query.q.catch(undefined),
  sort: z.enum(LEAD_SORTS).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  perPage: z.coerce
    .number()
    .int()
    .refine((value) => (LEADS_PAGE_SIZES as readonly number[]).includes(value))
    .optional()
    .catch(undefined),
  lead: z.coerce.number().int().positive().optional().catch(undefined),
});
export type LeadSearch = z.output<typeof leadSearchSchema>;
/** What chooses the table's rows: everything but the open lead (opening one must not reload the list). */
export function leadListSearch({ lead: _open, ...list }: LeadSearch): LeadSearch {
  return list;
}

/** Changes the URL's search from the one shown. */
export type LeadSearchUpdate = (previous: LeadSearch) => LeadSearch;

export const DEFAULT_LEAD_SORT: LeadSort = 'createdAt';
export const DEFAULT_LEADS_PER_PAGE = 25;

/** The parts of the search that choose which leads: changing one starts again at page 1. */
export const LEAD_FILTER_KEYS = [
  'projectIds',
  'from',
  'to',
  'status',
  'buyerType',
  'scoreMin',
  'scoreMax',
  'source',
  'assignee',
  'organisationId',
  'q',
] as const satisfies readonly (keyof LeadSearch)[];
export type LeadFilterKey = (typeof LEAD_FILTER_KEYS)[number];

export function hasLeadFilters(search: LeadSearch): boolean {
  return LEAD_FILTER_KEYS.some((key) => {
    const value = search[key];
    return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== '';
  });
}

/** The search without any filter (sort and page size kept). */
export function withoutLeadFilters(search: LeadSearch): LeadSearch {
  return { sort: search.sort, order: search.order, perPage: search.perPage };
}

type QueryValue = string | number | undefined;
const listParam = (values: readonly (string | number)[] | undefined): string | undefined =>
  values && values.length > 0 ? values.join(',') : undefined;

/**
 * The API's query string for the leads shown (lists comma-separated, as leadQuerySchema reads them).
 * `paged: false` leaves out page and page size: the export is the whole filtered set.
 */
export function leadApiQuery(search: LeadSearch, { paged = true } = {}): Record<string, QueryValue> {
  const answer: Record<keyof LeadQueryInput, QueryValue> = {
    projectIds: listParam(search.projectIds),
    from: search.from,
    to: search.to,
    status: listParam(search.status),
    buyerType: listParam(search.buyerType),
    scoreMin: search.scoreMin,
    scoreMax: search.scoreMax,
    source: listParam(search.source),
    assignee: search.assignee,
    organisationId: search.organisationId,
    q: search.q,
    sort: search.sort ?? DEFAULT_LEAD_SORT,
    order: search.order ?? 'desc',
    page: paged ? (search.page ?? 1) : undefined,
    perPage: paged ? (search.perPage ?? DEFAULT_LEADS_PER_PAGE) : undefined,
  };
  return answer;
}

/** The same query as a string: the export link's and the query cache key's. */
export function leadQueryString(search: LeadSearch, options: { paged?: boolean } = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(leadApiQuery(search, options))) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}
