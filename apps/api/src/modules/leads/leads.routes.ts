import { createRoute, z } from '@hono/zod-openapi';
import {
  LEAD_RESPONSE_TIMES_DEFAULT_DAYS,
  leadAssignInputSchema,
  leadDetailSchema,
  leadDigestPreferenceSchema,
  leadNoteInputSchema,
  leadPageSchema,
  leadQuerySchema,
  leadRecipientsInputSchema,
  leadRecipientsSchema,
  leadResponseTargetSchema,
  leadResponseTimesSchema,
  leadStatusChangeSchema,
  recordIdParam,
} from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import { jsonBody, requirePermission, requirePortalUser, requireSession } from '../../middlewares/guards.ts';
import { requireLeads } from './lead-reader.ts';

/**
 * The leads API (issue 16 items 5, 6, 8, 9). Who sees what: a platform admin every lead (/enquiries);
 * anyone else the leads of projects they are an approved member of, with `leads.view`. Another
 * organisation's lead answers 404, never 403. Without `leads.contact_details` (job role 8) names,
 * emails, phones and free text are masked in every answer, export is refused and leads are read-only.
 */

/** The export and the response times take the list's filters without its paging. */
const leadFilterQuerySchema = leadQuerySchema.omit({ page: true, perPage: true });
const leadIdParams = z.object({ id: recordIdParam });

const MASKING =
  'Without leads.contact_details (job role 8) name, email and phone are masked and free text (message, ' +
  'notes, lost reason) is left out; `q` is ignored for such readers.';

export const getLeads = createRoute({
  method: 'get',
  path: '/api/leads',
  middleware: [requireSession, requireLeads('view')] as const,
  tags: ['Leads'],
  summary: 'One page of the leads the caller may see, filtered and sorted (the /leads and /enquiries table)',
  description:
    'Dates (`from`, `to`, inclusive) are calendar days in Australia/Sydney. `organisationId` narrows to ' +
    `one organisation's projects (admins' /enquiries). \`total\` counts the same filters up to 10,000 ` +
    `(\`totalCapped\` beyond). ${MASKING}`,
  request: { query: leadQuerySchema },
  responses: {
    200: jsonResponse(leadPageSchema, 'Leads, with the total of the filters'),
    400: errorResponse('Invalid query'),
    401: errorResponse('No session'),
    403: errorResponse('No leads.view'),
  },
});

export const getLeadsExport = createRoute({
  method: 'get',
  path: '/api/leads/export',
  middleware: [requireSession, requireLeads('export')] as const,
  tags: ['Leads'],
  summary: 'The filtered leads as CSV, streamed (exactly the set the list finds, without paging)',
  description:
    'Newest first (oldest first with `sort=createdAt&order=asc`); other sorts are not applied. Every cell ' +
    'is quoted and cells starting with =, +, -, @ are prefixed with an apostrophe (formula injection).',
  request: { query: leadFilterQuerySchema },
  responses: {
    200: { description: 'CSV (UTF-8 with BOM)', content: { 'text/csv': { schema: z.string() } } },
    400: errorResponse('Invalid query'),
    401: errorResponse('No session'),
    403: errorResponse('No leads.export (job role 8)'),
  },
});

export const getLeadResponseTimes = createRoute({
  method: 'get',
  path: '/api/leads/response-times',
  middleware: [requireSession, requireLeads('view')] as const,
  tags: ['Leads'],
  summary: 'Median and 90th percentile time to first response of the filtered leads, per agent and project',
  description: `The list's filters; without \`from\`, the last ${LEAD_RESPONSE_TIMES_DEFAULT_DAYS} days (Sydney calendar days).`,
  request: { query: leadFilterQuerySchema },
  responses: {
    200: jsonResponse(leadResponseTimesSchema, 'Response times'),
    400: errorResponse('Invalid query'),
    401: errorResponse('No session'),
    403: errorResponse('No leads.view'),
  },
});

export const getLeadSettings = createRoute({
  method: 'get',
  path: '/api/leads/settings',
  middleware: [requireSession] as const,
  tags: ['Leads'],
  summary: "The caller's organisation's speed-to-lead target",
  description: 'The organisation the caller joined first (the one permissions are read from).',
  responses: {
    200: jsonResponse(leadResponseTargetSchema, 'Target'),
    401: errorResponse('No session'),
    403: errorResponse('Not a member of an organisation'),
  },
});

export const putLeadSettings = createRoute({
  method: 'put',
  path: '/api/leads/settings',
  middleware: [requirePermission('organisation.manage'), jsonBody] as const,
  tags: ['Leads'],
  summary: "Sets the caller's organisation's speed-to-lead target (owners and admins); audited",
  request: {
    body: { required: true, content: { 'application/json': { schema: leadResponseTargetSchema } } },
  },
  responses: {
    200: jsonResponse(leadResponseTargetSchema, 'Saved'),
    400: errorResponse('Invalid body'),
    401: errorResponse('No session'),
    403: errorResponse('No organisation.manage, or not a member of an organisation'),
  },
});

export const getLead = createRoute({
  method: 'get',
  path: '/api/leads/{id}',
  middleware: [requireSession, requireLeads('view')] as const,
  tags: ['Leads'],
  summary: 'One lead: fields, score explanation, timeline, the same buyer elsewhere, assignable members',
  description: MASKING,
  request: { params: leadIdParams },
  responses: {
    200: jsonResponse(leadDetailSchema, 'The lead'),
    400: errorResponse('Invalid id'),
    401: errorResponse('No session'),
    403: errorResponse('No leads.view'),
    404: errorResponse('No such lead among those the caller may see'),
  },
});

const leadWriteResponses = {
  200: jsonResponse(leadDetailSchema, 'The lead as it is now'),
  400: errorResponse('Invalid body'),
  401: errorResponse('No session'),
  403: errorResponse('No leads.view or leads.contact_details (job role 8 reads leads only)'),
  404: errorResponse('No such lead among those the caller may see'),
};

export const postLeadStatus = createRoute({
  method: 'post',
  path: '/api/leads/{id}/status',
  // Writes: approved members with contact details (job role 8 reads leads only), and platform admins.
  middleware: [requireSession, requireLeads('edit'), jsonBody] as const,
  tags: ['Leads'],
  summary: 'Moves a lead in the pipeline; audited',
  description:
    'Any status to any status. Lost needs `lostReason`; Exchanged and Settled a sale price and date. The ' +
    'first move out of New is the first response (set once). Activity: a decayed score is restored.',
  request: {
    params: leadIdParams,
    body: { required: true, content: { 'application/json': { schema: leadStatusChangeSchema } } },
  },
  responses: leadWriteResponses,
});

export const postLeadNote = createRoute({
  method: 'post',
  path: '/api/leads/{id}/notes',
  // Writes: approved members with contact details (job role 8 reads leads only), and platform admins.
  middleware: [requireSession, requireLeads('edit'), jsonBody] as const,
  tags: ['Leads'],
  summary: "Adds a note to a lead's timeline; audited",
  request: {
    params: leadIdParams,
    body: { required: true, content: { 'application/json': { schema: leadNoteInputSchema } } },
  },
  responses: leadWriteResponses,
});

export const putLeadAssignee = createRoute({
  method: 'put',
  path: '/api/leads/{id}/assignee',
  // Writes: approved members with contact details (job role 8 reads leads only), and platform admins.
  middleware: [requireSession, requireLeads('edit'), jsonBody] as const,
  tags: ['Leads'],
  summary: 'Assigns a lead to an approved member of its project (null: nobody); audited',
  request: {
    params: leadIdParams,
    body: { required: true, content: { 'application/json': { schema: leadAssignInputSchema } } },
  },
  responses: { ...leadWriteResponses, 400: errorResponse('Invalid body, or not a member of the project') },
});

export const getProjectLeadRecipients = createRoute({
  method: 'get',
  path: '/api/projects/{id}/lead-recipients',
  middleware: [requireSession] as const,
  tags: ['Leads'],
  summary: "Who gets a project's new-lead emails",
  description:
    "Approved members, owners and admins of the project's organisation, and platform admins. `emails` " +
    "empty means the defaults: the organisation's owners and the project's approved members.",
  request: { params: z.object({ id: recordIdParam }) },
  responses: {
    200: jsonResponse(leadRecipientsSchema, 'Recipients'),
    400: errorResponse('Invalid id'),
    401: errorResponse('No session'),
    404: errorResponse('No such project among those the caller manages leads of'),
  },
});

export const putProjectLeadRecipients = createRoute({
  method: 'put',
  path: '/api/projects/{id}/lead-recipients',
  middleware: [
    requirePermission('projects.edit'),
    requirePermission('leads.contact_details'),
    jsonBody,
  ] as const,
  tags: ['Leads'],
  summary: "Replaces a project's new-lead email recipients (empty: the defaults); audited",
  description:
    'The recipients read every lead in full, so job role 8 (masked contact details) may not choose them.',
  request: {
    params: z.object({ id: recordIdParam }),
    body: { required: true, content: { 'application/json': { schema: leadRecipientsInputSchema } } },
  },
  responses: {
    200: jsonResponse(leadRecipientsSchema, 'Saved'),
    400: errorResponse('Invalid body'),
    401: errorResponse('No session'),
    403: errorResponse('No projects.edit or leads.contact_details'),
    404: errorResponse('No such project among those the caller manages leads of'),
  },
});

export const getLeadDigest = createRoute({
  method: 'get',
  path: '/api/account/lead-digest',
  middleware: [requirePortalUser] as const,
  tags: ['Leads'],
  summary: 'Whether the signed-in user gets the daily lead digest',
  responses: {
    200: jsonResponse(leadDigestPreferenceSchema, 'Choice'),
    401: errorResponse('No session'),
    403: errorResponse('Platform admins have no digest'),
  },
});

export const putLeadDigest = createRoute({
  method: 'put',
  path: '/api/account/lead-digest',
  middleware: [requirePortalUser, jsonBody] as const,
  tags: ['Leads'],
  summary: "Sets the signed-in user's daily lead digest choice; audited",
  request: {
    body: { required: true, content: { 'application/json': { schema: leadDigestPreferenceSchema } } },
  },
  responses: {
    200: jsonResponse(leadDigestPreferenceSchema, 'Saved'),
    400: errorResponse('Invalid body'),
    401: errorResponse('No session'),
    403: errorResponse('Platform admins have no digest'),
  },
});
