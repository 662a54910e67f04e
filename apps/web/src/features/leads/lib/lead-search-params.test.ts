import { LEAD_SORTS, LEADS_PAGE_SIZES, leadQuerySchema } from '@offplan/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readLeadSearch } from './lead-search-params.ts';

// The leads URL's zod schema before the first page stopped loading Zod (decision 044): the reader by
// hand must read every address as it did.
const query = leadQuerySchema.shape;
const schemaBefore = z.object({
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

/** Keys whose value is undefined say nothing: the router drops them from the address. */
const defined = (value: object) =>
  Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined));

// As the router hands them over: each value parsed as JSON when it can be (`?page=2` is the number 2).
const searches: [string, Record<string, unknown>][] = [
  ['nothing', {}],
  [
    'a full search',
    {
      projectIds: [3, 5],
      from: '2026-01-01',
      to: '2026-02-01',
      status: ['NEW', 'LOST'],
      buyerType: ['INVESTOR'],
      scoreMin: 10,
      scoreMax: 90,
      source: ['api'],
      assignee: 'user-1',
      organisationId: 'org-1',
      q: '  smith ',
      sort: 'score',
      order: 'asc',
      page: 3,
      perPage: 50,
      lead: 7,
    },
  ],
  [
    'comma-separated lists from an email link',
    { projectIds: '3,5,', status: 'NEW,CONTACTED', source: 'listing' },
  ],
  ['a single number for a list', { projectIds: 12 }],
  ['an empty list', { projectIds: '' }],
  ['a bad item in a list', { projectIds: [3, 'x'], status: ['NEW', 'OLD'], buyerType: ['ALL'] }],
  ['numbers as strings', { page: '2', perPage: '100', lead: '9', scoreMin: '0' }],
  ['out of range numbers', { page: 0, perPage: 30, lead: -1, scoreMin: -1, scoreMax: 101 }],
  ['fractions', { page: 1.5, scoreMax: 2.5 }],
  ['a badly written date', { from: '1/2/2026', to: '2026-13' }],
  ['text under the text rule', { q: 'a\u200bb', assignee: 'x\u0000y', organisationId: 'o'.repeat(101) }],
  ['a number where text is expected', { assignee: 12, q: 42 }],
  ['an unknown sort and order', { sort: 'size', order: 'up' }],
  ['unknown keys', { other: 'x', page: 2 }],
];

describe('readLeadSearch (the leads URL without Zod)', () => {
  it.each(searches)('reads %s as the zod schema did', (_name, search) => {
    expect(readLeadSearch(search)).toEqual(defined(schemaBefore.parse(search)));
  });
});
