import { createRoute, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@offplan/shared';

const statusSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), z.string()).optional(),
});

export const healthz = createRoute({
  method: 'get',
  path: '/healthz',
  tags: ['Health'],
  summary: 'The process is up',
  responses: { 200: { description: 'Up', content: { 'application/json': { schema: statusSchema } } } },
});

export const readyz = createRoute({
  method: 'get',
  path: '/readyz',
  tags: ['Health'],
  summary: 'The database answers and its migrations are current',
  responses: {
    200: { description: 'Ready', content: { 'application/json': { schema: statusSchema } } },
    503: { description: 'Not ready', content: { 'application/json': { schema: apiErrorSchema } } },
  },
});
