import { createRoute, z } from '@hono/zod-openapi';
import { createInvitationRequestSchema, invitationPreviewSchema, invitationSchema } from '@offplan/shared';
import { errorResponse } from '../../lib/router.ts';

export const postInvitation = createRoute({
  method: 'post',
  path: '/api/admin/invitations',
  tags: ['Admin'],
  summary: 'Invites someone to the portal: an email with a link to /activate, valid 7 days',
  request: {
    body: { required: true, content: { 'application/json': { schema: createInvitationRequestSchema } } },
  },
  responses: {
    201: { description: 'Invited', content: { 'application/json': { schema: invitationSchema } } },
    400: errorResponse('Invalid body'),
    401: errorResponse('No session'),
    403: errorResponse('Not an admin'),
    404: errorResponse('No such organisation'),
    409: errorResponse('An account exists for this email'),
  },
});

export const getInvitationPreview = createRoute({
  method: 'get',
  path: '/api/invitations/{token}',
  tags: ['Account'],
  summary: 'What /activate shows before the invitee sets a password (public)',
  request: { params: z.object({ token: z.string().min(1).max(200) }) },
  responses: {
    200: {
      description: 'The invitation',
      content: { 'application/json': { schema: invitationPreviewSchema } },
    },
    404: errorResponse('Unknown, used or expired'),
  },
});
