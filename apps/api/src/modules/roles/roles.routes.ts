import { createRoute, z } from '@hono/zod-openapi';
import {
  ADMIN_AREA_PERMISSIONS,
  permissionSetInputSchema,
  permissionSetSchema,
  permissionSetsAnswerSchema,
} from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import { jsonBody, requirePermission, requirePlatformAdmin } from '../../middlewares/guards.ts';

/**
 * Manage Roles (/roles, issue 19 item 2, decision 032): the permission sets of design §1, editable by
 * platform admins who hold `settings.manage`. An edit applies on the next request on every process.
 */

const guards = [requirePlatformAdmin, requirePermission(ADMIN_AREA_PERMISSIONS.roles)] as const;
const setKeyParam = z.object({
  setKey: z
    .string()
    .max(100)
    .openapi({ param: { name: 'setKey', in: 'path' }, example: 'organisation_owner' }),
});
const refusals = {
  401: errorResponse('No session'),
  403: errorResponse('Not a platform admin holding settings.manage (or acting as a user)'),
} as const;

export const getRoles = createRoute({
  method: 'get',
  path: '/api/admin/roles',
  middleware: [...guards] as const,
  tags: ['Roles'],
  summary: 'Every permission set: its permissions now, its starting permissions, and who last edited it',
  responses: { 200: jsonResponse(permissionSetsAnswerSchema, 'The permissions and the sets'), ...refusals },
});

export const putRole = createRoute({
  method: 'put',
  path: '/api/admin/roles/{setKey}',
  middleware: [...guards, jsonBody] as const,
  tags: ['Roles'],
  summary: "Replaces a set's permissions (audited with before and after)",
  description:
    'Takes effect on the next request on every process. The platform admin set must keep settings.manage (409).',
  request: {
    params: setKeyParam,
    body: { required: true, content: { 'application/json': { schema: permissionSetInputSchema } } },
  },
  responses: {
    200: jsonResponse(permissionSetSchema, 'The set as saved'),
    400: errorResponse('An unknown permission (named)'),
    ...refusals,
    404: errorResponse('No such set'),
    409: errorResponse('The change would leave no admin able to manage roles'),
  },
});

export const deleteRole = createRoute({
  method: 'delete',
  path: '/api/admin/roles/{setKey}',
  middleware: [...guards] as const,
  tags: ['Roles'],
  summary: 'Resets a set to its starting permissions (audited)',
  request: { params: setKeyParam },
  responses: {
    200: jsonResponse(permissionSetSchema, 'The set as it now is'),
    ...refusals,
    404: errorResponse('No such set'),
  },
});
