import { createRoute, z } from '@hono/zod-openapi';
import { mailboxPageSchema } from '@offplan/shared';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { errorResponse } from '../../lib/router.ts';
import { requirePlatformAdmin } from '../../middlewares/guards.ts';

export const MAILBOX_PAGE_SIZE = 50;
const MAILBOX_PATH = '/api/dev/mailbox';

/** Off means absent: production answers as if the route did not exist, before asking who calls. */
const mailboxSwitchedOn = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('deps').settings.devMailbox) throw notFound(`No API route GET ${MAILBOX_PATH}.`);
  await next();
});

export const getMailbox = createRoute({
  method: 'get',
  path: MAILBOX_PATH,
  middleware: [mailboxSwitchedOn, requirePlatformAdmin] as const,
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
