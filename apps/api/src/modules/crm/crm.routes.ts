import { createRoute, z } from '@hono/zod-openapi';
import {
  API_PATHS,
  CRM_DESTINATIONS_MAX,
  crmDeliveryPageSchema,
  crmDeliveryQuerySchema,
  crmDeliverySchema,
  crmDestinationInputSchema,
  crmDestinationListSchema,
  crmDestinationSchema,
  crmDestinationWithSecretSchema,
  crmProjectListSchema,
  crmResendAllAnswerSchema,
  recordIdParam,
  WEBHOOK_SECRET_OVERLAP_HOURS,
} from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import { jsonBody, requirePermission } from '../../middlewares/guards.ts';

/**
 * CRM destinations, the delivery log, resends and test leads (issue 18, decision 029): organisation
 * owners and admins (`crm.manage`) manage their own organisation's, the one of their oldest membership.
 * Another organisation's destination or delivery answers 404, never 403, so ids reveal nothing.
 */

const idParams = z.object({ id: recordIdParam });

const guarded = {
  401: errorResponse('No session'),
  403: errorResponse('Not an owner or admin of an organisation (crm.manage), or no organisation'),
};
const notFound = errorResponse("No such destination in the caller's organisation");
const inputBody = {
  required: true,
  content: { 'application/json': { schema: crmDestinationInputSchema } },
} as const;
const RULES =
  'A webhook URL is https:// (http:// only to this computer outside production); in production its host ' +
  'must not resolve into a private network. Chosen projects must be the organisation’s.';

export const getCrmDestinations = createRoute({
  method: 'get',
  path: API_PATHS.crmDestinations,
  middleware: [requirePermission('crm.manage')] as const,
  tags: ['CRM'],
  summary: "The organisation's CRM destinations, with their deliveries of the last 30 days",
  description: 'Secrets are never listed: only their last characters (`secretHint`).',
  responses: { 200: jsonResponse(crmDestinationListSchema, 'Destinations, oldest first'), ...guarded },
});

export const postCrmDestination = createRoute({
  method: 'post',
  path: API_PATHS.crmDestinations,
  middleware: [requirePermission('crm.manage'), jsonBody] as const,
  tags: ['CRM'],
  summary: 'Adds a webhook or CRM email destination; a webhook’s signing secret is answered this once',
  description: `${RULES} At most ${CRM_DESTINATIONS_MAX} destinations. Audited.`,
  request: { body: inputBody },
  responses: {
    201: jsonResponse(crmDestinationWithSecretSchema, 'The destination and, for a webhook, its secret'),
    400: errorResponse(
      'Invalid body, URL refused, a project not the organisation’s, or too many destinations',
    ),
    ...guarded,
  },
});

export const patchCrmDestination = createRoute({
  method: 'patch',
  path: '/api/crm/destinations/{id}',
  middleware: [requirePermission('crm.manage'), jsonBody] as const,
  tags: ['CRM'],
  summary: 'Edits a destination (its kind stays); enabling it clears why the portal disabled it',
  description: `${RULES} Audited.`,
  request: { params: idParams, body: inputBody },
  responses: {
    200: jsonResponse(crmDestinationSchema, 'The destination as saved'),
    400: errorResponse('Invalid body, a different kind, URL refused or a project not the organisation’s'),
    ...guarded,
    404: notFound,
  },
});

export const deleteCrmDestination = createRoute({
  method: 'delete',
  path: '/api/crm/destinations/{id}',
  middleware: [requirePermission('crm.manage')] as const,
  tags: ['CRM'],
  summary: 'Removes a destination with its delivery log; audited',
  request: { params: idParams },
  responses: { 204: { description: 'Removed' }, 400: errorResponse('Invalid id'), ...guarded, 404: notFound },
});

export const postCrmDestinationSecret = createRoute({
  method: 'post',
  path: '/api/crm/destinations/{id}/secret',
  middleware: [requirePermission('crm.manage')] as const,
  tags: ['CRM'],
  summary: 'Rotates a webhook’s signing secret; the new one is answered this once',
  description: `The old secret keeps signing beside the new one for ${WEBHOOK_SECRET_OVERLAP_HOURS} hours. Audited.`,
  request: { params: idParams },
  responses: {
    200: jsonResponse(crmDestinationWithSecretSchema, 'The destination and its new secret'),
    400: errorResponse('Invalid id, or a CRM email destination (no secret)'),
    ...guarded,
    404: notFound,
  },
});

export const getCrmDestinationDeliveries = createRoute({
  method: 'get',
  path: '/api/crm/destinations/{id}/deliveries',
  middleware: [requirePermission('crm.manage')] as const,
  tags: ['CRM'],
  summary: "A destination's delivery log, newest first, each with its latest 10 attempts",
  description: 'Pass `nextCursor` back as `cursor` for the next page; `status` narrows to one state.',
  request: { params: idParams, query: crmDeliveryQuerySchema },
  responses: {
    200: jsonResponse(crmDeliveryPageSchema, 'One page of deliveries'),
    400: errorResponse('Invalid id or query'),
    ...guarded,
    404: notFound,
  },
});

export const postCrmDeliveryResend = createRoute({
  method: 'post',
  path: '/api/crm/deliveries/{id}/resend',
  middleware: [requirePermission('crm.manage')] as const,
  tags: ['CRM'],
  summary: 'Sends a delivery again now, with the same webhook-id (a delivered one too); audited',
  request: { params: idParams },
  responses: {
    202: jsonResponse(crmDeliverySchema, 'The delivery, pending its new attempt'),
    400: errorResponse('Invalid id'),
    ...guarded,
    404: errorResponse("No such delivery in the caller's organisation"),
  },
});

export const postCrmDestinationResendFailed = createRoute({
  method: 'post',
  path: '/api/crm/destinations/{id}/resend-failed',
  middleware: [requirePermission('crm.manage')] as const,
  tags: ['CRM'],
  summary: 'Sends every failed delivery of the last 30 days of a destination again; audited',
  request: { params: idParams },
  responses: {
    200: jsonResponse(crmResendAllAnswerSchema, 'How many were sent again'),
    400: errorResponse('Invalid id'),
    ...guarded,
    404: notFound,
  },
});

export const postCrmDestinationTest = createRoute({
  method: 'post',
  path: '/api/crm/destinations/{id}/test',
  middleware: [requirePermission('crm.manage')] as const,
  tags: ['CRM'],
  summary: 'Sends a sample lead marked `test: true` to a destination, delivered like any other; audited',
  request: { params: idParams },
  responses: {
    202: jsonResponse(crmDeliverySchema, 'The test delivery, pending'),
    400: errorResponse('Invalid id'),
    ...guarded,
    404: notFound,
  },
});

export const getCrmProjects = createRoute({
  method: 'get',
  path: API_PATHS.crmProjects,
  middleware: [requirePermission('crm.manage')] as const,
  tags: ['CRM'],
  summary: "The organisation's projects with how their leads reach its CRM (spec §3 CRM projects)",
  description:
    'Per project: the enabled destinations that deliver it, when a lead of it was last delivered, and ' +
    'its deliveries of the last 30 days still failing or retrying.',
  responses: { 200: jsonResponse(crmProjectListSchema, 'Projects by title'), ...guarded },
});
