import type { LeadQueryInput, LeadSort } from '@offplan/shared';
import type { LeadSearch } from './lead-search-params.ts';

export type { LeadSearch } from './lead-search-params.ts';

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
