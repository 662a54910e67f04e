import { createRoute, z } from '@hono/zod-openapi';
import {
  API_PATHS,
  adminOrganisationInputSchema,
  adminOrganisationListSchema,
  adminOrganisationSchema,
  adminOrganisationsQuerySchema,
  adminUserOrganisationAnswerSchema,
  adminUserOrganisationInputSchema,
  joinRequestDecisionAnswerSchema,
  joinRequestDecisionInputSchema,
  organisationJoinRequestListSchema,
  recordIdParam,
  text,
} from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import { jsonBody, requirePermission, requirePlatformAdmin } from '../../middlewares/guards.ts';

/**
 * Join requests made at registration (decision 030): the owners and admins of the caller's
 * organisation (its oldest membership) list and decide them; another organisation's request answers
 * 404. Platform admins create organisations and move people between them.
 */

const guarded = {
  401: errorResponse('No session'),
  403: errorResponse('Not an owner or admin of an organisation (organisation.manage)'),
};
const adminOnly = { 401: errorResponse('No session'), 403: errorResponse('Not a platform admin') };

export const getOrganisationJoinRequests = createRoute({
  method: 'get',
  path: API_PATHS.organisationJoinRequests,
  middleware: [requirePermission('organisation.manage')] as const,
  tags: ['Organisation'],
  summary: "The organisation's pending join requests, oldest first",
  responses: { 200: jsonResponse(organisationJoinRequestListSchema, 'Pending requests'), ...guarded },
});

export const postOrganisationJoinRequestDecision = createRoute({
  method: 'post',
  path: '/api/organisation/join-requests/{id}/decision',
  middleware: [requirePermission('organisation.manage'), jsonBody] as const,
  tags: ['Organisation'],
  summary: 'Approves (the person becomes a member) or declines (they get an organisation of their own)',
  description: 'The person is told by email. Audited.',
  request: {
    params: z.object({ id: recordIdParam }),
    body: { required: true, content: { 'application/json': { schema: joinRequestDecisionInputSchema } } },
  },
  responses: {
    200: jsonResponse(joinRequestDecisionAnswerSchema, 'Decided'),
    400: errorResponse('Invalid decision'),
    ...guarded,
    404: errorResponse("No such request in the caller's organisation"),
    409: errorResponse('Already decided'),
  },
});

export const getAdminOrganisations = createRoute({
  method: 'get',
  path: API_PATHS.adminOrganisations,
  middleware: [requirePlatformAdmin] as const,
  tags: ['Admin'],
  summary: 'Organisations whose name contains q, by name (at most 50)',
  request: { query: adminOrganisationsQuerySchema },
  responses: {
    200: jsonResponse(adminOrganisationListSchema, 'Organisations'),
    400: errorResponse('Invalid query'),
    ...adminOnly,
  },
});

export const postAdminOrganisation = createRoute({
  method: 'post',
  path: API_PATHS.adminOrganisations,
  middleware: [requirePlatformAdmin, jsonBody] as const,
  tags: ['Admin'],
  summary: 'Creates an organisation (no members yet); a name the same as another once normalised is refused',
  description: 'Audited.',
  request: {
    body: { required: true, content: { 'application/json': { schema: adminOrganisationInputSchema } } },
  },
  responses: {
    201: jsonResponse(adminOrganisationSchema, 'Created'),
    400: errorResponse('Invalid name or ABN'),
    ...adminOnly,
    409: errorResponse('An organisation with this name exists'),
  },
});

export const putAdminUserOrganisation = createRoute({
  method: 'put',
  path: '/api/admin/users/{userId}/organisation',
  middleware: [requirePlatformAdmin, jsonBody] as const,
  tags: ['Admin'],
  summary: 'Moves a person to an organisation as member or owner, removing their other memberships',
  description: 'Refused (409) when they are the last owner of an organisation they leave. Audited.',
  request: {
    params: z.object({ userId: text().min(1).max(100) }),
    body: { required: true, content: { 'application/json': { schema: adminUserOrganisationInputSchema } } },
  },
  responses: {
    200: jsonResponse(adminUserOrganisationAnswerSchema, 'Moved'),
    400: errorResponse('Invalid input, or a platform admin'),
    ...adminOnly,
    404: errorResponse('No such user or organisation'),
    409: errorResponse('The last owner of their organisation'),
  },
});
