import { createRoute, z } from '@hono/zod-openapi';

export const siteInfoSchema = z.object({
  productName: z.string(),
  siteName: z.string(),
  tenant: z.string(),
  maintenanceMode: z.boolean(),
});

export const getSite = createRoute({
  method: 'get',
  path: '/api/site',
  tags: ['Site'],
  summary: 'Public facts the web app needs before sign-in (names, tenant, maintenance)',
  responses: { 200: { description: 'Site', content: { 'application/json': { schema: siteInfoSchema } } } },
});
