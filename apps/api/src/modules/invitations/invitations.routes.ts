import { createRoute, z } from '@hono/zod-openapi';
import {
  apiErrorSchema,
  createInvitationRequestSchema,
  invitationPreviewSchema,
  invitationSchema,
} from '@offplan/shared';

const problem = (description: string) => ({
  description,
  content: { 'application/json': { schema: apiErrorSchema } },
});

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
    400: problem('Invalid body'),
    401: problem('No session'),
    403: problem('Not an admin'),
    404: problem('No such organisation'),
    409: problem('An account exists for this email'),
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
    404: problem('Unknown, used or expired'),
  },
});
