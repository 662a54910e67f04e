import { createRoute, z } from '@hono/zod-openapi';
import {
  API_PATHS,
  INVITATION_DAYS,
  organisationInvitationInputSchema,
  organisationInvitationListSchema,
  organisationInvitationSchema,
  pendingInvitationListSchema,
  pendingInvitationSchema,
  text,
} from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import {
  jsonBody,
  requirePermission,
  requirePlatformAdmin,
  requireSession,
} from '../../middlewares/guards.ts';

/**
 * Invitations to the caller's organisation (their oldest membership) and the platform admins' list of
 * every pending invitation (issue 18, decision 030). Another organisation's invitation answers 404,
 * never 403, so ids reveal nothing. Pending = not accepted, not revoked, not expired.
 */

const idParams = z.object({ id: text().min(1).max(100) });

const noSuchInvitation = errorResponse("No pending invitation with this id in the caller's organisation");
const organisationGuarded = {
  401: errorResponse('No session'),
  403: errorResponse('No organisation, or not an owner or admin of it (organisation.manage)'),
};
const adminGuarded = { 401: errorResponse('No session'), 403: errorResponse('Not a platform admin') };
const LINK = `A new link valid ${INVITATION_DAYS} days is emailed; the old one stops working.`;

export const getOrganisationInvitations = createRoute({
  method: 'get',
  path: API_PATHS.organisationInvitations,
  middleware: [requireSession] as const,
  tags: ['Organisation'],
  summary: "The caller's organisation's pending invitations, newest first (any member)",
  responses: {
    200: jsonResponse(organisationInvitationListSchema, 'Pending invitations'),
    401: errorResponse('No session'),
    403: errorResponse('Not a member of an organisation'),
  },
});

export const postOrganisationInvitation = createRoute({
  method: 'post',
  path: API_PATHS.organisationInvitations,
  middleware: [requirePermission('organisation.manage'), jsonBody] as const,
  tags: ['Organisation'],
  summary: 'Invites someone by email to join the organisation with a role; only owners invite owners',
  description:
    `An email with an /activate link valid ${INVITATION_DAYS} days. Refused, with nothing written: an ` +
    'email already a member (409), an account elsewhere (409), a pending invitation to the email (409), an ' +
    'invalid email (400). Audited.',
  request: {
    body: { required: true, content: { 'application/json': { schema: organisationInvitationInputSchema } } },
  },
  responses: {
    201: jsonResponse(organisationInvitationSchema, 'The invitation'),
    400: errorResponse('Invalid body'),
    ...organisationGuarded,
    409: errorResponse('A member already, an account already, or invited already'),
  },
});

export const postOrganisationInvitationResend = createRoute({
  method: 'post',
  path: '/api/organisation/invitations/{id}/resend',
  middleware: [requirePermission('organisation.manage')] as const,
  tags: ['Organisation'],
  summary: 'Sends an invitation again with a new link',
  description: `${LINK} Audited.`,
  request: { params: idParams },
  responses: {
    200: jsonResponse(organisationInvitationSchema, 'The invitation with its new expiry'),
    ...organisationGuarded,
    404: noSuchInvitation,
  },
});

export const deleteOrganisationInvitation = createRoute({
  method: 'delete',
  path: '/api/organisation/invitations/{id}',
  middleware: [requirePermission('organisation.manage')] as const,
  tags: ['Organisation'],
  summary: 'Revokes an invitation: its link stops working; the row stays for the record. Audited',
  request: { params: idParams },
  responses: { 204: { description: 'Revoked' }, ...organisationGuarded, 404: noSuchInvitation },
});

export const getPendingInvitations = createRoute({
  method: 'get',
  path: API_PATHS.pendingInvitations,
  middleware: [requirePlatformAdmin] as const,
  tags: ['Admin'],
  summary: "Every pending invitation: every organisation's and the admins' own, newest first",
  responses: { 200: jsonResponse(pendingInvitationListSchema, 'Pending invitations'), ...adminGuarded },
});

export const postPendingInvitationResend = createRoute({
  method: 'post',
  path: '/api/admin/pending-invitations/{id}/resend',
  middleware: [requirePlatformAdmin] as const,
  tags: ['Admin'],
  summary: 'Sends any pending invitation again with a new link',
  description: `${LINK} Audited.`,
  request: { params: idParams },
  responses: {
    200: jsonResponse(pendingInvitationSchema, 'The invitation with its new expiry'),
    ...adminGuarded,
    404: errorResponse('No pending invitation with this id'),
  },
});

export const deletePendingInvitation = createRoute({
  method: 'delete',
  path: '/api/admin/pending-invitations/{id}',
  middleware: [requirePlatformAdmin] as const,
  tags: ['Admin'],
  summary: 'Revokes any pending invitation; audited',
  request: { params: idParams },
  responses: {
    204: { description: 'Revoked' },
    ...adminGuarded,
    404: errorResponse('No pending invitation with this id'),
  },
});
