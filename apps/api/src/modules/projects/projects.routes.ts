import { createRoute, z } from '@hono/zod-openapi';
import {
  assignRecommendationBodySchema,
  assignRecommendationResponseSchema,
  claimProjectBodySchema,
  claimProjectQuerySchema,
  claimProjectResponseSchema,
  organisationProjectsQuerySchema,
  organisationProjectsResponseSchema,
  projectLookupQuerySchema,
  projectLookupResponseSchema,
  projectSearchRequestSchema,
  projectSearchResponseSchema,
  recordIdParam,
  text,
} from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import {
  jsonBody,
  requirePermission,
  requirePlatformAdmin,
  requirePortalUser,
  requireSession,
} from '../../middlewares/guards.ts';

export const postProjectSearch = createRoute({
  method: 'post',
  path: '/api/projects/search',
  middleware: [requireSession, jsonBody] as const,
  tags: ['Projects'],
  summary: 'Searches projects with the filter of spec §3 (paged; at most `limit` matches)',
  description:
    'Signed-in users. Admins find every project; others what is on the marketplace (not HIDDEN, not NOT_PROCEEDING) plus their own. Items carry `detail` (full fields) only for projects the caller may read in full: admins, approved members, members of the owning organisation (decision 019).',
  request: {
    body: { required: true, content: { 'application/json': { schema: projectSearchRequestSchema } } },
  },
  responses: {
    200: jsonResponse(projectSearchResponseSchema, 'One page of matches'),
    400: errorResponse('Malformed filter, unknown enum value, limit over 1000 or perPage over 100'),
    401: errorResponse('No session'),
  },
});

export const getProjectLookup = createRoute({
  method: 'get',
  path: '/api/projects/lookup',
  middleware: [requireSession] as const,
  tags: ['Projects'],
  summary: 'Typo-tolerant lookup by name, title, suburb or postcode (to request access or claim)',
  request: { query: projectLookupQuerySchema },
  responses: {
    200: jsonResponse(projectLookupResponseSchema, 'Best matches first; summary fields only'),
    400: errorResponse('Query too short or too long'),
    401: errorResponse('No session'),
  },
});

export const getOrganisationProjects = createRoute({
  method: 'get',
  path: '/api/projects',
  middleware: [requireSession] as const,
  tags: ['Projects'],
  summary: "An organisation's projects, reduced to summary fields (spec §7)",
  description: 'Members of that organisation and platform admins only.',
  request: { query: organisationProjectsQuerySchema },
  responses: {
    200: jsonResponse(organisationProjectsResponseSchema, 'Summaries, most recently updated first'),
    400: errorResponse('organisationId missing'),
    401: errorResponse('No session'),
    403: errorResponse('Not a member of that organisation'),
    404: errorResponse('No such organisation (admins)'),
  },
});

export const postClaimProject = createRoute({
  method: 'post',
  path: '/api/project',
  middleware: [requirePortalUser, requirePermission('projects.claim'), jsonBody] as const,
  tags: ['Projects'],
  summary: "Claims an unclaimed project for the caller's organisation (op=claim_project)",
  description:
    "Design §2: an unclaimed project is claimed at once by the caller's organisation and the caller becomes an approved member; a project another organisation owns turns the claim into an access request. Needs `projects.claim` and an organisation.",
  request: {
    query: claimProjectQuerySchema,
    body: { required: true, content: { 'application/json': { schema: claimProjectBodySchema } } },
  },
  responses: {
    200: jsonResponse(claimProjectResponseSchema, 'Claimed, or turned into an access request'),
    400: errorResponse('Invalid op, project id or body'),
    401: errorResponse('No session'),
    403: errorResponse('Admin, no organisation, another organisation named, or no projects.claim'),
    404: errorResponse('No such project'),
    409: errorResponse('Already your organisation’s, or a request already waits'),
  },
});

export const postAssignRecommendation = createRoute({
  method: 'post',
  path: '/api/admin/project-recommendations',
  middleware: [requirePlatformAdmin, jsonBody] as const,
  tags: ['Projects'],
  summary: 'Recommends a project to a user by hand (platform admins)',
  request: {
    body: { required: true, content: { 'application/json': { schema: assignRecommendationBodySchema } } },
  },
  responses: {
    201: jsonResponse(assignRecommendationResponseSchema, 'Assigned'),
    400: errorResponse('Invalid body'),
    401: errorResponse('No session'),
    403: errorResponse('Not a platform admin'),
    404: errorResponse('No such user or project'),
    409: errorResponse('Already a member, or the listing takes no enquiries'),
  },
});

export const deleteRecommendation = createRoute({
  method: 'delete',
  path: '/api/admin/project-recommendations/{userId}/{projectId}',
  middleware: [requirePlatformAdmin] as const,
  tags: ['Projects'],
  summary: 'Removes a hand-assigned recommendation (platform admins)',
  request: {
    params: z.object({ userId: text().min(1).max(100), projectId: recordIdParam }),
  },
  responses: {
    200: jsonResponse(z.object({ success: z.literal(true) }), 'Removed'),
    401: errorResponse('No session'),
    403: errorResponse('Not a platform admin'),
    404: errorResponse('No such hand-assigned recommendation'),
  },
});
