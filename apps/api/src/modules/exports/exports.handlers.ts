import {
  ERROR_CODES,
  EXPORT_AUDIT_ACTION,
  EXPORT_MAX_CONCURRENT,
  EXPORT_MESSAGES,
  EXPORT_ROWS_HEADER,
  type ExportAuditData,
  exportFileName,
} from '@offplan/shared';
import { audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { userCan } from '../../lib/permissions.ts';
import { createRouter } from '../../lib/router.ts';
import { exportCsvStream } from './exports.csv.ts';
import { EXPORT_QUERIES } from './exports.datasets.ts';
import { countExportRows, openExport, recentExports } from './exports.repository.ts';
import { getExportCount, getExportCsv, getRecentExports } from './exports.routes.ts';

/** /export (issue 19): CSV of users, organisations, projects, leads and feedback, streamed. */
export const exportsRouter = createRouter();

/** Exports streaming now on this process: each holds a pooled connection (PostgreSQL) until it ends. */
let running = 0;

exportsRouter.openapi(getRecentExports, async (c) =>
  c.json({ items: await recentExports(c.get('deps').database.db) }, 200),
);

exportsRouter.openapi(getExportCount, async (c) => {
  const { dataset } = c.req.valid('param');
  const range = c.req.valid('query');
  return c.json({ dataset, rows: await countExportRows(c.get('deps').database.db, dataset, range) }, 200);
});

exportsRouter.openapi(getExportCsv, async (c) => {
  const { dataset } = c.req.valid('param');
  const range = c.req.valid('query');
  const { database } = c.get('deps');
  if (running >= EXPORT_MAX_CONCURRENT)
    throw new AppError(429, ERROR_CODES.rateLimited, EXPORT_MESSAGES.busy);
  running += 1;
  let source: Awaited<ReturnType<typeof openExport>>;
  try {
    const seesContacts = await userCan(
      database.db,
      c.get('user'),
      'leads.contact_details',
      c.get('organisationRole'),
    );
    source = await openExport(database, dataset, range, { seesContacts });
  } catch (error) {
    running -= 1;
    throw error;
  }
  const expectedRows = source.expectedRows;
  const body = exportCsvStream(source, EXPORT_QUERIES[dataset].columns, async (outcome, rows) => {
    running -= 1;
    const data: ExportAuditData = {
      dataset,
      from: range.from ?? null,
      to: range.to ?? null,
      rows,
      expectedRows,
      outcome,
    };
    try {
      await audit(c, { action: EXPORT_AUDIT_ACTION, targetType: 'export', targetId: dataset, data });
    } catch (error) {
      c.get('log').error({ err: error, ...data }, 'export audit entry not written');
    }
  });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${exportFileName(dataset, range)}"`,
      [EXPORT_ROWS_HEADER]: String(expectedRows),
      // no-transform keeps the API's compression off the stream (decision 027: gzip held the first
      // byte back and the server's memory grew with the file); the browser counts rows as they come.
      'cache-control': 'no-store, no-transform',
    },
  }) as never;
});
