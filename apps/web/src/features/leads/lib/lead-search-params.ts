import {
  ENQUIRY_BUYER_TYPES,
  LEAD_SCORE_MAX,
  LEAD_SORTS,
  LEAD_SOURCES,
  LEAD_STATUSES,
  LEADS_PAGE_SIZES,
} from '@offplan/shared';
import { searchEnum, searchInteger, searchList, searchOf, searchText } from '../../../lib/search-params.ts';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const searchDate = (value: unknown) => {
  const date = searchText(value);
  return date !== undefined && DATE_PATTERN.test(date) ? date : undefined;
};
const score = (value: unknown) => searchInteger(value, { min: 0, max: LEAD_SCORE_MAX });

/**
 * The leads page's URL (/leads, /enquiries): the shared leads query (`leadQuerySchema`, packages/shared
 * leads-query.ts), every part optional so a default stays out of the address, and a bad part dropped
 * instead of failing the page. Lists accept the router's arrays and the comma-separated form a link
 * from an email may carry. `lead` opens the detail drawer (the bell's and the email's deep link).
 * Read by hand with the query's own limits, as every route's search is (lib/search-params.ts);
 * lead-search.test.ts holds each part to the shared schema's answer.
 */
export const readLeadSearch = searchOf({
  projectIds: (value) => searchList(value, (part) => searchInteger(part, { min: 1 })),
  from: searchDate,
  to: searchDate,
  status: (value) => searchList(value, (part) => searchEnum(LEAD_STATUSES, part)),
  buyerType: (value) => searchList(value, (part) => searchEnum(ENQUIRY_BUYER_TYPES, part)),
  scoreMin: score,
  scoreMax: score,
  source: (value) => searchList(value, (part) => searchEnum(LEAD_SOURCES, part)),
  /** A user id, or 'none' for unassigned leads. */
  assignee: (value) => searchText(value, { max: 100 }),
  organisationId: (value) => searchText(value, { max: 100 }),
  q: (value) => searchText(value, { trim: true, max: 100 }),
  sort: (value) => searchEnum(LEAD_SORTS, value),
  order: (value) => searchEnum(['asc', 'desc'], value),
  page: (value) => searchInteger(value, { min: 1, max: 100_000 }),
  perPage: (value) => {
    const perPage = searchInteger(value);
    return perPage !== undefined && (LEADS_PAGE_SIZES as readonly number[]).includes(perPage)
      ? perPage
      : undefined;
  },
  lead: (value) => searchInteger(value, { min: 1 }),
});
export type LeadSearch = ReturnType<typeof readLeadSearch>;
/** What chooses the table's rows: everything but the open lead (opening one must not reload the list). */
export function leadListSearch({ lead: _open, ...list }: LeadSearch): LeadSearch {
  return list;
}
