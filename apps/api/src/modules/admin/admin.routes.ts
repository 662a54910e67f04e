import { createRoute, z } from '@hono/zod-openapi';
import {
  ADMIN_AREA_PERMISSIONS,
  adminUserAuditSchema,
  adminUserDetailSchema,
  adminUserEmailSentSchema,
  adminUserProjectsSchema,
  adminUserSessionsSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  contactDetailsFormSchema,
  jobRoleIdSchema,
  text,
} from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import { jsonBody, requirePermission, requirePlatformAdmin } from '../../middlewares/guards.ts';

/** The search words follow the text rule: a NUL is refused (400), never handed to the database. */
const usersQuery = adminUsersQuerySchema.extend({ q: text().trim().max(200).optional() });

export const getAdminUsers = createRoute({
  method: 'get',
  path: '/api/admin/users',
  middleware: [requirePlatformAdmin, requirePermission(ADMIN_AREA_PERMISSIONS.users)] as const,
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
  middleware: [requirePlatformAdmin, requirePermission(ADMIN_AREA_PERMISSIONS.users)] as const,
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

const userParams = z.object({ id: text().min(1).max(100) });
const adminOnly = {
  401: errorResponse('No session'),
  403: errorResponse('Not an admin, or an admin acting as a user'),
  404: errorResponse('No such user'),
} as const;

/**
 * The profile form's own rules (account-forms.ts `contactDetailsFormSchema`, so /profile and the admin
 * refuse the same names with the same messages), after the text rule (decision 024), plus the job role.
 */
const { firstName, lastName, title } = contactDetailsFormSchema.shape;
export const adminUserUpdateRequestSchema = z.strictObject({
  firstName: text().pipe(firstName),
  lastName: text().pipe(lastName),
  title: text().pipe(title).optional(),
  jobRoleId: jobRoleIdSchema.optional(),
});

export const patchAdminUser = createRoute({
  method: 'patch',
  path: '/api/admin/users/{id}',
  middleware: [requirePlatformAdmin, requirePermission(ADMIN_AREA_PERMISSIONS.users), jsonBody] as const,
  tags: ['Admin'],
  summary: "Edits a user's first and last name, title and job role (audited with before and after)",
  description:
    'The organisation changes through PUT /api/admin/users/{userId}/organisation. Platform admins have no ' +
    'job role: setting one for an admin is refused (400 naming jobRoleId).',
  request: {
    params: userParams,
    body: { required: true, content: { 'application/json': { schema: adminUserUpdateRequestSchema } } },
  },
  responses: {
    200: jsonResponse(adminUserDetailSchema, 'The user as now stored'),
    400: errorResponse('A name or the job role is not valid (the field is named); nothing changed'),
    ...adminOnly,
  },
});

export const postAdminUserVerifyEmail = createRoute({
  method: 'post',
  path: '/api/admin/users/{id}/verify-email',
  middleware: [requirePlatformAdmin, requirePermission(ADMIN_AREA_PERMISSIONS.users)] as const,
  tags: ['Admin'],
  summary: "Marks a user's email address verified (audited)",
  request: { params: userParams },
  responses: {
    200: jsonResponse(adminUserDetailSchema, 'Verified'),
    ...adminOnly,
    409: errorResponse('The email is already verified'),
  },
});

export const postAdminUserPasswordReset = createRoute({
  method: 'post',
  path: '/api/admin/users/{id}/password-reset',
  middleware: [requirePlatformAdmin, requirePermission(ADMIN_AREA_PERMISSIONS.users)] as const,
  tags: ['Admin'],
  summary: "Emails the user better-auth's password-reset link (their sessions stay until they reset)",
  request: { params: userParams },
  responses: {
    200: jsonResponse(adminUserEmailSentSchema, 'Sent'),
    ...adminOnly,
    429: errorResponse('Too many emails to this address lately'),
  },
});

export const postAdminUserVerificationEmail = createRoute({
  method: 'post',
  path: '/api/admin/users/{id}/verification-email',
  middleware: [requirePlatformAdmin, requirePermission(ADMIN_AREA_PERMISSIONS.users)] as const,
  tags: ['Admin'],
  summary: 'Sends the verification email again, while the address is not verified',
  request: { params: userParams },
  responses: {
    200: jsonResponse(adminUserEmailSentSchema, 'Sent'),
    ...adminOnly,
    409: errorResponse('The email is already verified'),
    429: errorResponse('Too many emails to this address lately'),
  },
});

export const getAdminUserProjects = createRoute({
  method: 'get',
  path: '/api/admin/users/{id}/projects',
  middleware: [requirePlatformAdmin, requirePermission(ADMIN_AREA_PERMISSIONS.users)] as const,
  tags: ['Admin'],
  summary: "The user's projects with their access: member, recommended or awaiting access",
  request: { params: userParams },
  responses: { 200: jsonResponse(adminUserProjectsSchema, 'Projects'), ...adminOnly },
});

export const getAdminUserSessions = createRoute({
  method: 'get',
  path: '/api/admin/users/{id}/sessions',
  middleware: [requirePlatformAdmin, requirePermission(ADMIN_AREA_PERMISSIONS.users)] as const,
  tags: ['Admin'],
  summary: "The user's sessions that have not expired, with who acted as them",
  request: { params: userParams },
  responses: { 200: jsonResponse(adminUserSessionsSchema, 'Sessions'), ...adminOnly },
});

export const getAdminUserAudit = createRoute({
  method: 'get',
  path: '/api/admin/users/{id}/audit',
  middleware: [requirePlatformAdmin, requirePermission(ADMIN_AREA_PERMISSIONS.users)] as const,
  tags: ['Admin'],
  summary: 'The newest audit entries about the user or made by them (at most 50)',
  request: { params: userParams },
  responses: { 200: jsonResponse(adminUserAuditSchema, 'Audit entries'), ...adminOnly },
});
