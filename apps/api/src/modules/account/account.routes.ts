import { createRoute, z } from '@hono/zod-openapi';
import { apiErrorSchema, userProjectsResponseSchema } from '@offplan/shared';

const errors = {
  401: { description: 'No session', content: { 'application/json': { schema: apiErrorSchema } } },
  403: { description: 'Not for admins', content: { 'application/json': { schema: apiErrorSchema } } },
} as const;

export const getUserProjects = createRoute({
  method: 'get',
  path: '/api/user-projects',
  tags: ['Account'],
  summary: "The signed-in user's projects, recommended projects, pending requests and organisation",
  description: 'Spec §7. Portal users only: admins have no projects of their own and are refused.',
  responses: {
    200: {
      description: 'Account state',
      content: { 'application/json': { schema: userProjectsResponseSchema } },
    },
    ...errors,
  },
});

const name = z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters');

export const userUpdateBodySchema = z.strictObject({
  clear_cookie: z.literal(0).optional(),
  first_name: name,
  last_name: name,
});

export const postUserUpdate = createRoute({
  method: 'post',
  path: '/api/user-update',
  tags: ['Account'],
  summary: "Updates the signed-in user's first and last name",
  request: { body: { required: true, content: { 'application/json': { schema: userUpdateBodySchema } } } },
  responses: {
    200: {
      description: 'Updated',
      content: { 'application/json': { schema: z.object({ success: z.literal(true) }) } },
    },
    400: { description: 'Invalid body', content: { 'application/json': { schema: apiErrorSchema } } },
    401: errors[401],
  },
});
