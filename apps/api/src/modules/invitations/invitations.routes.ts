import { createRoute, z } from '@hono/zod-openapi';
import {
  createInvitationRequestSchema,
  invitationPreviewSchema,
  invitationSchema,
  text,
} from '@offplan/shared';
import { errorResponse } from '../../lib/router.ts';
import { jsonBody, requirePlatformAdmin } from '../../middlewares/guards.ts';

/** The names and the organisation id follow the text rule (NUL refused, control characters removed). */
const invitationRequest = createInvitationRequestSchema.extend({
  firstName: text().trim().min(1, 'Enter a first name').max(100),
  lastName: text().trim().min(1, 'Enter a last name').max(100),
  organisationId: text().min(1).optional(),
});

export const postInvitation = createRoute({
  method: 'post',
  path: '/api/admin/invitations',
  // Spec §2: invitations belong to the admin section (/pending-invites), platform admins only.
  middleware: [requirePlatformAdmin, jsonBody] as const,
  tags: ['Admin'],
  summary: 'Invites someone to the portal: an email with a link to /activate, valid 7 days',
  request: {
    body: { required: true, content: { 'application/json': { schema: invitationRequest } } },
  },
  responses: {
    201: { description: 'Invited', content: { 'application/json': { schema: invitationSchema } } },
    400: errorResponse('Invalid body'),
    401: errorResponse('No session'),
    403: errorResponse('Not an admin'),
    404: errorResponse('No such organisation'),
    413: errorResponse('Body too large'),
    409: errorResponse('An account exists for this email'),
  },
});

export const getInvitationPreview = createRoute({
  method: 'get',
  path: '/api/invitations/{token}',
  tags: ['Account'],
  summary: 'What /activate shows before the invitee sets a password (public)',
  request: { params: z.object({ token: text().min(1).max(200) }) },
  responses: {
    200: {
      description: 'The invitation',
      content: { 'application/json': { schema: invitationPreviewSchema } },
    },
    404: errorResponse('Unknown, used or expired'),
  },
});
