import { createRoute, z } from '@hono/zod-openapi';
import { mailboxPageSchema } from '@offplan/shared';
import { errorResponse } from '../../lib/router.ts';

export const MAILBOX_PAGE_SIZE = 50;

export const getMailbox = createRoute({
  method: 'get',
  path: '/api/dev/mailbox',
  tags: ['Admin'],
  summary: 'Email and SMS the portal sent, newest first (admins; not in production)',
  request: { query: z.object({ page: z.coerce.number().int().min(1).default(1) }) },
  responses: {
    200: { description: 'Messages', content: { 'application/json': { schema: mailboxPageSchema } } },
    401: errorResponse('No session'),
    403: errorResponse('Not an admin'),
    404: errorResponse('The mailbox is off (production)'),
  },
});
