import { createRoute, z } from '@hono/zod-openapi';
import {
  buyerFeedbackAnswerSchema,
  buyerFeedbackQuerySchema,
  listingPerformanceAnswerSchema,
  listingPerformanceQuerySchema,
} from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import { requirePermission } from '../../middlewares/guards.ts';

/**
 * The reports (issue 17 items 3 and 4, decision 028), for callers with `reporting.view`: the projects they
 * are approved members of (platform admins: every project). Dates are calendar days in Australia/Sydney;
 * weeks start on Monday. Job role 8 sees reports too: they never carry buyers' contact details.
 */

/**
 * A route's query must be one object (its parameters are listed in the OpenAPI document); the contract's
 * queries are the range intersected with the report's own fields. Read as one object first, then checked
 * exactly as the contract says (its refinements: start not before 2024-01-01, end after start, 5 years).
 */
const asOneQuery = <L extends z.ZodObject, R extends z.ZodObject>(contract: z.ZodIntersection<L, R>) =>
  z
    .object({ ...contract.def.left.shape, ...contract.def.right.shape })
    // The contract's input is what the object gives (the same fields, parsed once already).
    .pipe(contract as unknown as z.ZodType<z.output<z.ZodIntersection<L, R>>, Record<string, unknown>>);

const PROJECTS =
  '`projectIds` (comma-separated) narrows to those projects; an id the caller may not report on answers 403.';

export const getListingPerformance = createRoute({
  method: 'get',
  path: '/api/reporting/listing-performance',
  middleware: [requirePermission('reporting.view')] as const,
  tags: ['Reporting'],
  summary: 'Listing performance: totals, previous period, series, per project and anonymised benchmarks',
  description:
    `${PROJECTS} \`constructionStatus\` narrows to a stage. Figures come from the day rollups; unique ` +
    'visitors are a HyperLogLog estimate over the whole range (within 2%); enquiries are leads, narrowed by ' +
    '`buyerType`. Benchmarks: per group (state, project type, campaign type) of the selection, quartiles of ' +
    'each figure over the other projects of the group, only when at least five exist; never naming one.',
  request: { query: asOneQuery(listingPerformanceQuerySchema) },
  responses: {
    200: jsonResponse(listingPerformanceAnswerSchema, 'The report'),
    400: errorResponse('Invalid query (dates, period, buyer type, range over 5 years)'),
    401: errorResponse('No session'),
    403: errorResponse('No reporting.view, or a project the caller may not report on'),
  },
});

export const getBuyerFeedbackReport = createRoute({
  method: 'get',
  path: '/api/reporting/buyer-feedback',
  middleware: [requirePermission('reporting.view')] as const,
  tags: ['Reporting'],
  summary: 'Buyer feedback: averages, distribution, trend, per project, agent and buyer type, comments',
  description:
    `${PROJECTS} \`feedbackProject\` and \`feedbackAgent\` narrow to one project or one agent. Comments ` +
    'newest first, at most 200; without leads.contact_details (job role 8) emails and phone numbers in them ' +
    'are masked.',
  request: { query: asOneQuery(buyerFeedbackQuerySchema) },
  responses: {
    200: jsonResponse(buyerFeedbackAnswerSchema, 'The report'),
    400: errorResponse('Invalid query (dates, period, buyer type, range over 5 years)'),
    401: errorResponse('No session'),
    403: errorResponse('No reporting.view, or a project the caller may not report on'),
  },
});
