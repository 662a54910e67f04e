import { createRoute, z } from '@hono/zod-openapi';
import {
  emailPreviewSchema,
  emailRecipientsProjectSchema,
  emailRecipientsProjectsQuerySchema,
  emailSenderInputSchema,
  emailSenderSchema,
  emailTemplateInputSchema,
  emailTemplateSchema,
  emailTemplateSummarySchema,
  emailTenantQuerySchema,
  emailTestSentSchema,
  leadRecipientsInputSchema,
  leadRecipientsSchema,
  recordIdParam,
  TENANTS,
} from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import { jsonBody, requirePermission, requirePlatformAdmin } from '../../middlewares/guards.ts';

/** /email-settings (issue 19 item 4, decision 034): platform admins with settings.manage only. */

const tags = ['Email settings'];
const refused = {
  401: errorResponse('No session'),
  403: errorResponse('Not a platform admin with settings.manage (or acting as another user)'),
};
const templateParams = z.object({ name: z.string().max(100) });
const templateBody = {
  required: true,
  content: { 'application/json': { schema: emailTemplateInputSchema } },
} as const;

export const getSenders = createRoute({
  method: 'get',
  path: '/api/email-settings/senders',
  middleware: [requirePlatformAdmin, requirePermission('settings.manage')] as const,
  tags,
  summary: "Each tenant's sender (From) and the From its next email carries",
  responses: {
    200: jsonResponse(z.object({ senders: z.array(emailSenderSchema) }), 'The senders'),
    ...refused,
  },
});

export const putSender = createRoute({
  method: 'put',
  path: '/api/email-settings/senders/{tenant}',
  middleware: [requirePlatformAdmin, requirePermission('settings.manage'), jsonBody] as const,
  tags,
  summary: "Sets a tenant's sender name and address (both empty: the default); audited",
  request: {
    params: z.object({ tenant: z.enum(TENANTS) }),
    body: { required: true, content: { 'application/json': { schema: emailSenderInputSchema } } },
  },
  responses: {
    200: jsonResponse(emailSenderSchema, 'The saved sender'),
    400: errorResponse('Invalid name or address (the field named), or an unknown tenant'),
    ...refused,
  },
});

export const getRecipientProjects = createRoute({
  method: 'get',
  path: '/api/email-settings/projects',
  middleware: [requirePlatformAdmin, requirePermission('settings.manage')] as const,
  tags,
  summary: 'Projects for the lead-recipients picker (title or organisation containing q; at most 50)',
  request: { query: emailRecipientsProjectsQuerySchema },
  responses: {
    200: jsonResponse(z.object({ projects: z.array(emailRecipientsProjectSchema) }), 'The projects'),
    400: errorResponse('Invalid query'),
    ...refused,
  },
});

export const getRecipients = createRoute({
  method: 'get',
  path: '/api/email-settings/projects/{id}/lead-recipients',
  middleware: [requirePlatformAdmin, requirePermission('settings.manage')] as const,
  tags,
  summary: "A project's new-lead email recipients (empty: the defaults, listed)",
  request: { params: z.object({ id: recordIdParam }) },
  responses: {
    200: jsonResponse(leadRecipientsSchema, 'Recipients'),
    400: errorResponse('Invalid id'),
    ...refused,
    404: errorResponse('No such project'),
  },
});

export const putRecipients = createRoute({
  method: 'put',
  path: '/api/email-settings/projects/{id}/lead-recipients',
  middleware: [requirePlatformAdmin, requirePermission('settings.manage'), jsonBody] as const,
  tags,
  summary: "Replaces a project's new-lead email recipients (empty: the defaults); audited",
  request: {
    params: z.object({ id: recordIdParam }),
    body: { required: true, content: { 'application/json': { schema: leadRecipientsInputSchema } } },
  },
  responses: {
    200: jsonResponse(leadRecipientsSchema, 'Saved'),
    400: errorResponse('Invalid body (the address named)'),
    ...refused,
    404: errorResponse('No such project'),
  },
});

export const getTemplates = createRoute({
  method: 'get',
  path: '/api/email-settings/templates',
  middleware: [requirePlatformAdmin, requirePermission('settings.manage')] as const,
  tags,
  summary: 'The editable emails of a tenant, and which of them it changed',
  request: { query: emailTenantQuerySchema },
  responses: {
    200: jsonResponse(z.object({ templates: z.array(emailTemplateSummarySchema) }), 'The templates'),
    400: errorResponse('Unknown tenant'),
    ...refused,
  },
});

export const getTemplate = createRoute({
  method: 'get',
  path: '/api/email-settings/templates/{name}',
  middleware: [requirePlatformAdmin, requirePermission('settings.manage')] as const,
  tags,
  summary: 'One template as the tenant has it, its default and its variables',
  request: { params: templateParams, query: emailTenantQuerySchema },
  responses: {
    200: jsonResponse(emailTemplateSchema, 'The template'),
    400: errorResponse('Unknown tenant'),
    ...refused,
    404: errorResponse('No such template'),
  },
});

const unprocessable = errorResponse(
  'Refused: an unknown variable, or HTML that sanitising would change (the field and the reason named); nothing saved',
);

export const putTemplate = createRoute({
  method: 'put',
  path: '/api/email-settings/templates/{name}',
  middleware: [requirePlatformAdmin, requirePermission('settings.manage'), jsonBody] as const,
  tags,
  summary: "Saves the tenant's subject and body of a template; the next email uses them; audited",
  request: { params: templateParams, query: emailTenantQuerySchema, body: templateBody },
  responses: {
    200: jsonResponse(emailTemplateSchema, 'The saved template'),
    400: errorResponse('Invalid body'),
    ...refused,
    404: errorResponse('No such template'),
    422: unprocessable,
  },
});

export const deleteTemplate = createRoute({
  method: 'delete',
  path: '/api/email-settings/templates/{name}',
  middleware: [requirePlatformAdmin, requirePermission('settings.manage')] as const,
  tags,
  summary: 'Resets a template to its default; audited',
  request: { params: templateParams, query: emailTenantQuerySchema },
  responses: {
    200: jsonResponse(emailTemplateSchema, 'The template, back to its default'),
    400: errorResponse('Unknown tenant'),
    ...refused,
    404: errorResponse('No such template'),
  },
});

export const previewTemplate = createRoute({
  method: 'post',
  path: '/api/email-settings/templates/{name}/preview',
  middleware: [requirePlatformAdmin, requirePermission('settings.manage'), jsonBody] as const,
  tags,
  summary: "Renders a subject and body with sample values in the tenant's branded layout (writes nothing)",
  request: { params: templateParams, query: emailTenantQuerySchema, body: templateBody },
  responses: {
    200: jsonResponse(emailPreviewSchema, 'The rendering'),
    400: errorResponse('Invalid body'),
    ...refused,
    404: errorResponse('No such template'),
    422: unprocessable,
  },
});

export const testTemplate = createRoute({
  method: 'post',
  path: '/api/email-settings/templates/{name}/test',
  middleware: [requirePlatformAdmin, requirePermission('settings.manage'), jsonBody] as const,
  tags,
  summary: 'Sends the rendering with sample values to the caller, through the outbox, marked as a test',
  request: { params: templateParams, query: emailTenantQuerySchema, body: templateBody },
  responses: {
    200: jsonResponse(emailTestSentSchema, 'Queued'),
    400: errorResponse('Invalid body'),
    ...refused,
    404: errorResponse('No such template'),
    422: unprocessable,
  },
});
