import { createRoute } from '@hono/zod-openapi';
import { siteInfoSchema } from '@offplan/shared';

export const getSite = createRoute({
  method: 'get',
  path: '/api/site',
  tags: ['Site'],
  summary: 'Public facts the web app needs before sign-in (names, tenant, maintenance)',
  responses: { 200: { description: 'Site', content: { 'application/json': { schema: siteInfoSchema } } } },
});
