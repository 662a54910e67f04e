import { createRoute, z } from '@hono/zod-openapi';
import { apiErrorSchema, mailboxPageSchema } from '@offplan/shared';

const problem = (description: string) => ({
  description,
  content: { 'application/json': { schema: apiErrorSchema } },
});

export const MAILBOX_PAGE_SIZE = 50;

export const getMailbox = createRoute({
  method: 'get',
  path: '/api/dev/mailbox',
  tags: ['Admin'],
  summary: 'Email and SMS the portal sent, newest first (admins; not in production)',
  request: { query: z.object({ page: z.coerce.number().int().min(1).default(1) }) },
  responses: {
    200: { description: 'Messages', content: { 'application/json': { schema: mailboxPageSchema } } },
    401: problem('No session'),
    403: problem('Not an admin'),
    404: problem('The mailbox is off (production)'),
  },
});
