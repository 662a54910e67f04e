import { createRoute } from '@hono/zod-openapi';
import { siteInfoSchema, siteSettingsSchema, updateSiteSettingsSchema } from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import { jsonBody, requirePlatformAdmin } from '../../middlewares/guards.ts';

export const getSite = createRoute({
  method: 'get',
  path: '/api/site',
  tags: ['Site'],
  summary:
    "Public facts the web app needs before sign-in: the host's tenant branding and the maintenance flag",
  responses: { 200: jsonResponse(siteInfoSchema, 'Site') },
});

export const getSiteSettings = createRoute({
  method: 'get',
  path: '/api/site/settings',
  middleware: [requirePlatformAdmin] as const,
  tags: ['Site'],
  summary: 'The run-time switches (admins)',
  responses: {
    200: jsonResponse(siteSettingsSchema, 'Settings'),
    401: errorResponse('No session'),
    403: errorResponse('Not an admin'),
  },
});

export const updateSiteSettings = createRoute({
  method: 'put',
  path: '/api/site/settings',
  middleware: [requirePlatformAdmin, jsonBody] as const,
  tags: ['Site'],
  summary: 'Switch maintenance on or off (admins); every process follows within 2 seconds',
  request: {
    body: { required: true, content: { 'application/json': { schema: updateSiteSettingsSchema } } },
  },
  responses: {
    200: jsonResponse(siteSettingsSchema, 'Settings'),
    400: errorResponse('Invalid body'),
    401: errorResponse('No session'),
    403: errorResponse('Not an admin'),
  },
});
