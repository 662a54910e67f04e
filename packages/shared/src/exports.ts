import { z } from 'zod';
import { text } from './text.ts';

/**
 * /export (issue 19 item 6, decision 036): platform admins download CSV of the portal's records,
 * filtered by the day each was created, streamed from the database however many rows there are.
 */

/** Buyer feedback is the star ratings of decision 028; portal feedback the /feedback messages. */
export const EXPORT_DATASETS = [
  'users',
  'organisations',
  'projects',
  'leads',
  'buyer-feedback',
  'portal-feedback',
] as const;
export type ExportDataset = (typeof EXPORT_DATASETS)[number];

export const EXPORT_DATASET_LABELS: Record<ExportDataset, string> = {
  users: 'Users',
  organisations: 'Organisations',
  projects: 'Projects',
  leads: 'Leads',
  'buyer-feedback': 'Buyer feedback',
  'portal-feedback': 'Portal feedback',
};

/** What each file holds, shown under the dataset picker. */
export const EXPORT_DATASET_DESCRIPTIONS: Record<ExportDataset, string> = {
  users: 'Every account: names, email, phone, job role, organisation and role, admin, banned, created.',
  organisations: 'Every organisation: details, tenant, members, owners, projects, created.',
  projects: 'Every listing: owner organisation, location, stage, sales status, campaign, members, leads.',
  leads: 'Every lead across organisations, with contact details, project, organisation and pipeline.',
  'buyer-feedback': 'Star ratings and comments buyers left for a project and its agent.',
  'portal-feedback': 'Messages portal users sent from the feedback page.',
};

/** The rows the file will hold (counted in the export's own snapshot): what the page's progress is of. */
export const EXPORT_ROWS_HEADER = 'x-export-rows';

/** The audit action of an export; `data` is an `ExportAuditData`. */
export const EXPORT_AUDIT_ACTION = 'data.export';

export const EXPORT_OUTCOMES = ['finished', 'aborted', 'failed'] as const;
export type ExportOutcome = (typeof EXPORT_OUTCOMES)[number];
export const EXPORT_OUTCOME_LABELS: Record<ExportOutcome, string> = {
  finished: 'Finished',
  aborted: 'Cancelled',
  failed: 'Failed',
};

/** Exports streaming at once on one server process; each holds a database connection while it runs. */
export const EXPORT_MAX_CONCURRENT = 3;

export const EXPORT_MESSAGES = {
  badDate: 'Enter a date as YYYY-MM-DD',
  toBeforeFrom: 'The end date must be on or after the start date',
  busy: `${EXPORT_MAX_CONCURRENT} exports are running; try again when one has finished`,
} as const;

const isoDate = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/, EXPORT_MESSAGES.badDate)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), EXPORT_MESSAGES.badDate);

/**
 * Created on or after `from` and on or before `to`, calendar days in Sydney like every date filter of
 * the portal; either end may be left open (absent or blank). The same schema checks the page's form and the API.
 */
const blankAsOpen = (value: unknown) => (value === '' || value === null ? undefined : value);

export const exportRangeSchema = z
  .object({
    from: z.preprocess(blankAsOpen, isoDate.optional()),
    to: z.preprocess(blankAsOpen, isoDate.optional()),
  })
  .superRefine((range, ctx) => {
    if (range.from && range.to && range.to < range.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: EXPORT_MESSAGES.toBeforeFrom });
  });
export type ExportRange = z.infer<typeof exportRangeSchema>;

export const exportDatasetParamSchema = z.object({
  dataset: z.enum(EXPORT_DATASETS, { error: `Choose one of ${EXPORT_DATASETS.join(', ')}` }),
});

export const exportCountSchema = z.object({ dataset: z.enum(EXPORT_DATASETS), rows: z.number().int() });
export type ExportCount = z.infer<typeof exportCountSchema>;

/** What the audit entry of an export records. */
export type ExportAuditData = {
  dataset: ExportDataset;
  from: string | null;
  to: string | null;
  rows: number;
  expectedRows: number;
  outcome: ExportOutcome;
};

export const recentExportSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  dataset: z.enum(EXPORT_DATASETS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  rows: z.number().int(),
  expectedRows: z.number().int(),
  outcome: z.enum(EXPORT_OUTCOMES),
});
export type RecentExport = z.infer<typeof recentExportSchema>;

/** How many past exports the page lists. */
export const RECENT_EXPORTS_LIMIT = 20;
export const recentExportsSchema = z.object({ items: z.array(recentExportSchema) });
export type RecentExports = z.infer<typeof recentExportsSchema>;

/** `leads-2026-01-01-to-2026-03-31.csv`, `users-all.csv`: the dataset and the range in the file name. */
export function exportFileName(dataset: ExportDataset, range: ExportRange): string {
  if (!range.from && !range.to) return `${dataset}-all.csv`;
  return `${dataset}-${range.from ?? 'start'}-to-${range.to ?? 'today'}.csv`;
}
