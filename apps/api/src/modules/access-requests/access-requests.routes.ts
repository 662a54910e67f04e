import { createRoute, z } from '@hono/zod-openapi';
import {
  accessRequestDecisionBodySchema,
  accessRequestDecisionResponseSchema,
  accessRequestListQuerySchema,
  accessRequestListResponseSchema,
  memberUpdateBodySchema,
  memberUpdateResponseSchema,
  pendingAccessRequestsResponseSchema,
  projectAccessRequestBodySchema,
  projectAccessRequestResponseSchema,
  recordIdParam,
  text,
} from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import { jsonBody, requirePortalUser, requireSession } from '../../middlewares/guards.ts';
import { loadPortalToken, PORTAL_TOKEN_HEADER } from './portal-token.ts';

const portalHeaders = z.object({
  [PORTAL_TOKEN_HEADER]: text()
    .optional()
    .openapi({ description: 'Session token, for callers without the session cookie (decision 019)' }),
});

export const postProjectAccessRequest = createRoute({
  method: 'post',
  path: '/api/v1/projects/request',
  middleware: [loadPortalToken, requirePortalUser, jsonBody] as const,
  tags: ['Access requests'],
  summary: 'Requests access to a project: it stays pending (Awaiting Access) until decided',
  description:
    'Spec §7 portal call. Session cookie, or the session token in `x-portal-token` / `Authorization: Bearer`. Portal users only. 409 when already a member or already waiting.',
  request: {
    headers: portalHeaders,
    body: { required: true, content: { 'application/json': { schema: projectAccessRequestBodySchema } } },
  },
  responses: {
    201: jsonResponse(projectAccessRequestResponseSchema, 'Requested'),
    400: errorResponse('Invalid body'),
    401: errorResponse('No session'),
    403: errorResponse('Admins need no access requests'),
    404: errorResponse('No such project (or not on the marketplace)'),
    409: errorResponse('Already a member, or a request already waits'),
  },
});

export const getPendingAccessRequests = createRoute({
  method: 'get',
  path: '/api/v1/user/user/agent/request/{userId}/pending',
  middleware: [loadPortalToken, requireSession] as const,
  tags: ['Access requests'],
  summary: "A user's pending access requests",
  description: 'Spec §7 portal call: only the user themselves or a platform admin.',
  request: { headers: portalHeaders, params: z.object({ userId: text().min(1).max(100) }) },
  responses: {
    200: jsonResponse(pendingAccessRequestsResponseSchema, 'Pending requests, newest first'),
    401: errorResponse('No session'),
    403: errorResponse("Another user's requests"),
  },
});

export const postMemberUpdate = createRoute({
  method: 'post',
  path: '/api/project/memberupdate',
  middleware: [requireSession, jsonBody] as const,
  tags: ['Access requests'],
  summary: 'Withdraws one of your own pending access requests',
  description: "Spec §7: body data {op: 'delete', id: request id}. Other users' requests answer 404.",
  request: { body: { required: true, content: { 'application/json': { schema: memberUpdateBodySchema } } } },
  responses: {
    200: jsonResponse(memberUpdateResponseSchema, 'Withdrawn'),
    400: errorResponse('Invalid body'),
    401: errorResponse('No session'),
    404: errorResponse('No such request of yours'),
    409: errorResponse('Already decided or withdrawn'),
  },
});

export const getAccessRequests = createRoute({
  method: 'get',
  path: '/api/access-requests',
  middleware: [requireSession] as const,
  tags: ['Access requests'],
  summary: 'Access requests you decide (the /accessrequests page)',
  description:
    "Platform admins: every request. Organisation owners/admins: requests on their organisation's projects. Everyone else 403.",
  request: { query: accessRequestListQuerySchema },
  responses: {
    200: jsonResponse(accessRequestListResponseSchema, 'Requests, newest first (at most 500)'),
    400: errorResponse('Unknown status'),
    401: errorResponse('No session'),
    403: errorResponse('Not an organisation owner/admin or platform admin'),
  },
});

export const postAccessRequestDecision = createRoute({
  method: 'post',
  path: '/api/access-requests/{id}/decision',
  middleware: [requireSession, jsonBody] as const,
  tags: ['Access requests'],
  summary: 'Approves or declines a pending access request, with an optional note',
  description:
    "Owners/admins of the project's organisation and platform admins. Approval makes the requester an approved project member; the requester is told in-app and by email either way.",
  request: {
    params: z.object({ id: recordIdParam }),
    body: { required: true, content: { 'application/json': { schema: accessRequestDecisionBodySchema } } },
  },
  responses: {
    200: jsonResponse(accessRequestDecisionResponseSchema, 'Decided'),
    400: errorResponse('Invalid body'),
    401: errorResponse('No session'),
    404: errorResponse('No such request among those you decide'),
    409: errorResponse('Already decided or withdrawn'),
  },
});
