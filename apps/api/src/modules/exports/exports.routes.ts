import { createRoute, z } from '@hono/zod-openapi';
import {
  EXPORT_MAX_CONCURRENT,
  EXPORT_ROWS_HEADER,
  exportCountSchema,
  exportDatasetParamSchema,
  exportRangeSchema,
  recentExportsSchema,
} from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import { requirePermission, requirePlatformAdmin } from '../../middlewares/guards.ts';

/**
 * /export (issue 19 item 6, decision 036): platform admins with leads.export download CSV of users,
 * organisations, projects, leads and feedback, created within a date range, streamed.
 */

const refusals = {
  401: errorResponse('No session'),
  403: errorResponse('Not a platform admin, or acting as a user, or without leads.export'),
};
const RANGE =
  '`from` and `to` are calendar days in Sydney, both included, either left open; `to` before `from` is refused.';

// Registered before /api/exports/{dataset}: the first matching route answers.
export const getRecentExports = createRoute({
  method: 'get',
  path: '/api/exports/recent',
  middleware: [requirePlatformAdmin, requirePermission('leads.export')] as const,
  tags: ['Exports'],
  summary: 'The most recent exports, from the audit log',
  description: 'Who exported which dataset for which range, how many rows were written and how it ended.',
  responses: { 200: jsonResponse(recentExportsSchema, 'The recent exports, newest first'), ...refusals },
});

export const getExportCount = createRoute({
  method: 'get',
  path: '/api/exports/{dataset}/count',
  middleware: [requirePlatformAdmin, requirePermission('leads.export')] as const,
  tags: ['Exports'],
  summary: 'How many rows an export of the range would write',
  description: RANGE,
  request: { params: exportDatasetParamSchema, query: exportRangeSchema },
  responses: {
    200: jsonResponse(exportCountSchema, 'The count'),
    400: errorResponse('Unknown dataset, a malformed date, or the range the wrong way round (field named)'),
    ...refusals,
  },
});

export const getExportCsv = createRoute({
  method: 'get',
  path: '/api/exports/{dataset}',
  middleware: [requirePlatformAdmin, requirePermission('leads.export')] as const,
  tags: ['Exports'],
  summary: 'The dataset as CSV, streamed from the database as the client reads it',
  description:
    `${RANGE} Oldest first. UTF-8 with a byte-order mark, a header row, every cell quoted and cells ` +
    'starting with =, +, -, @, tab or carriage return prefixed with an apostrophe (formula injection). ' +
    `The \`${EXPORT_ROWS_HEADER}\` header says how many rows follow (counted in the export's own snapshot ` +
    'on PostgreSQL). Each export is audited when it ends (rows written; finished, aborted or failed). ' +
    `At most ${EXPORT_MAX_CONCURRENT} exports stream at once per server process.`,
  request: { params: exportDatasetParamSchema, query: exportRangeSchema },
  responses: {
    200: {
      description: 'CSV (UTF-8 with BOM)',
      headers: z.object({ [EXPORT_ROWS_HEADER]: z.string() }),
      content: { 'text/csv': { schema: z.string() } },
    },
    400: errorResponse('Unknown dataset, a malformed date, or the range the wrong way round (field named)'),
    ...refusals,
    429: errorResponse('Too many exports running on this process'),
  },
});
