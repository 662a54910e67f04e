import { createRoute, z } from '@hono/zod-openapi';
import {
  accountSessionsSchema,
  apiErrorSchema,
  chooseRoleRequestSchema,
  impersonationPreferenceSchema,
  PROFILE_PHOTO_MAX_BYTES,
  profilePhotoSchema,
  text,
  userProjectsResponseSchema,
  userUpdateRequestSchema,
} from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import {
  jsonBody,
  limitBody,
  refuseWhileImpersonating,
  requirePortalUser,
  requireSession,
} from '../../middlewares/guards.ts';

const errors = {
  401: { description: 'No session', content: { 'application/json': { schema: apiErrorSchema } } },
  403: { description: 'Not for admins', content: { 'application/json': { schema: apiErrorSchema } } },
} as const;

export const getUserProjects = createRoute({
  method: 'get',
  path: '/api/user-projects',
  middleware: [requirePortalUser] as const,
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

export const postUserUpdate = createRoute({
  method: 'post',
  path: '/api/user-update',
  middleware: [requireSession, jsonBody] as const,
  tags: ['Account'],
  summary: "Updates the signed-in user's first and last name (and job title)",
  request: { body: { required: true, content: { 'application/json': { schema: userUpdateRequestSchema } } } },
  responses: {
    200: {
      description: 'Updated',
      content: { 'application/json': { schema: z.object({ success: z.literal(true) }) } },
    },
    400: { description: 'Invalid body', content: { 'application/json': { schema: apiErrorSchema } } },
    401: errors[401],
  },
});

export const postChooseRole = createRoute({
  method: 'post',
  path: '/api/account/role',
  middleware: [requirePortalUser, refuseWhileImpersonating, jsonBody] as const,
  tags: ['Account'],
  summary: 'Sets the job role chosen once at /role (design §1); refused once one is set',
  description:
    'Issue 15 finding 2: masking and export rights hang on the job role, so the user chooses it only while ' +
    'they have none. Afterwards an owner of their organisation or a platform admin changes it ' +
    '(POST /api/organisation/members/{userId}/job-role).',
  request: { body: { required: true, content: { 'application/json': { schema: chooseRoleRequestSchema } } } },
  responses: {
    200: jsonResponse(z.object({ jobRoleId: z.number().int() }), 'Role set'),
    400: errorResponse('Not one of the job roles'),
    401: errorResponse('No session'),
    403: errorResponse('A job role is already set, admins have no job role, or acting as the user'),
  },
});

export const postMemberJobRole = createRoute({
  method: 'post',
  path: '/api/organisation/members/{userId}/job-role',
  middleware: [requireSession, refuseWhileImpersonating, jsonBody] as const,
  tags: ['Account'],
  summary: "Changes a member's job role: owners of an organisation the member belongs to, or platform admins",
  description:
    'Design §1, issue 15 finding 2: after the first choice at /role, only an owner of an organisation the ' +
    'user belongs to or a platform admin changes a job role, and each change is audited ' +
    '(`user.set_job_role`). An owner never moves themselves into or out of a role whose lead contacts ' +
    'are masked (media agency).',
  request: {
    params: z.object({ userId: text().min(1).max(100) }),
    body: { required: true, content: { 'application/json': { schema: chooseRoleRequestSchema } } },
  },
  responses: {
    200: jsonResponse(z.object({ userId: z.string(), jobRoleId: z.number().int() }), 'Role set'),
    400: errorResponse('Not one of the job roles'),
    401: errorResponse('No session'),
    403: errorResponse('Not an owner of an organisation of this user, or a change of their own masking'),
    404: errorResponse('No such user (platform admins)'),
  },
});

export const postImpersonationPreference = createRoute({
  method: 'post',
  path: '/api/account/impersonation',
  middleware: [requireSession, refuseWhileImpersonating, jsonBody] as const,
  tags: ['Account'],
  summary: 'Opts the signed-in user out of (or back into) being acted as by admins',
  request: {
    body: { required: true, content: { 'application/json': { schema: impersonationPreferenceSchema } } },
  },
  responses: {
    200: jsonResponse(impersonationPreferenceSchema, 'Saved'),
    400: errorResponse('Invalid body'),
    401: errorResponse('No session'),
    403: errorResponse('Not while an admin acts as the user'),
  },
});

export const getAccountSessions = createRoute({
  method: 'get',
  path: '/api/account/sessions',
  middleware: [requireSession] as const,
  tags: ['Account'],
  summary: "The signed-in user's active sessions, the current one marked",
  responses: { 200: jsonResponse(accountSessionsSchema, 'Sessions'), 401: errorResponse('No session') },
});

export const deleteAccountSession = createRoute({
  method: 'delete',
  path: '/api/account/sessions/{id}',
  middleware: [requireSession, refuseWhileImpersonating] as const,
  tags: ['Account'],
  summary: "Signs one of the user's own sessions out",
  request: { params: z.object({ id: text().min(1).max(100) }) },
  responses: {
    200: jsonResponse(z.object({ success: z.literal(true) }), 'Signed out'),
    401: errorResponse('No session'),
    403: errorResponse('Not while an admin acts as the user'),
    404: errorResponse('No such session of this user'),
  },
});

export const postProfilePhoto = createRoute({
  method: 'post',
  path: '/api/account/photo',
  // The photo's own limit plus room for the multipart framing around it.
  middleware: [requireSession, limitBody(PROFILE_PHOTO_MAX_BYTES + 64 * 1024)] as const,
  tags: ['Account'],
  summary: 'Uploads a profile photo (JPEG, PNG or WebP up to 5 MB; checked by content, resized)',
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({ file: z.any().openapi({ type: 'string', format: 'binary' }) }),
        },
      },
    },
  },
  responses: {
    200: jsonResponse(profilePhotoSchema, 'Stored'),
    400: errorResponse('Not an image of an accepted type'),
    401: errorResponse('No session'),
    413: errorResponse('Larger than 5 MB'),
  },
});

export const deleteProfilePhoto = createRoute({
  method: 'delete',
  path: '/api/account/photo',
  middleware: [requireSession] as const,
  tags: ['Account'],
  summary: 'Removes the profile photo',
  responses: { 200: jsonResponse(profilePhotoSchema, 'Removed'), 401: errorResponse('No session') },
});
