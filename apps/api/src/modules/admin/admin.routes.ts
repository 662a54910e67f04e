import { createRoute, z } from '@hono/zod-openapi';
import { adminUserDetailSchema, adminUsersPageSchema, adminUsersQuerySchema, text } from '@offplan/shared';
import { errorResponse } from '../../lib/router.ts';
import { requirePlatformAdmin } from '../../middlewares/guards.ts';

/** The search words follow the text rule: a NUL is refused (400), never handed to the database. */
const usersQuery = adminUsersQuerySchema.extend({ q: text().trim().max(200).optional() });

export const getAdminUsers = createRoute({
  method: 'get',
  path: '/api/admin/users',
  middleware: [requirePlatformAdmin] as const,
  tags: ['Admin'],
  summary: 'Users, searched by name, email or organisation, newest first, paged',
  request: { query: usersQuery },
  responses: {
    200: {
      description: 'A page of users',
      content: { 'application/json': { schema: adminUsersPageSchema } },
    },
    400: errorResponse('Invalid query'),
    401: errorResponse('No session'),
    403: errorResponse('Not an admin'),
  },
});

export const getAdminUser = createRoute({
  method: 'get',
  path: '/api/admin/users/{id}',
  middleware: [requirePlatformAdmin] as const,
  tags: ['Admin'],
  summary: 'One user as the admin sees them at /profile/{id}',
  request: { params: z.object({ id: text().min(1).max(100) }) },
  responses: {
    200: { description: 'The user', content: { 'application/json': { schema: adminUserDetailSchema } } },
    401: errorResponse('No session'),
    403: errorResponse('Not an admin'),
    404: errorResponse('No such user'),
  },
});
