import { createRoute, z } from '@hono/zod-openapi';
import {
  API_PATHS,
  ORGANISATION_LOGO_MAX_BYTES,
  organisationDetailsInputSchema,
  organisationDetailsSchema,
  organisationLogoSchema,
  organisationMemberListSchema,
  organisationMemberRoleInputSchema,
  organisationMemberSchema,
  organisationProjectListSchema,
  text,
} from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import { jsonBody, limitBody, requirePermission, requireSession } from '../../middlewares/guards.ts';

/**
 * The caller's organisation (issue 18, decision 030): the one of their oldest membership, never named
 * by the caller, so no call reaches another organisation. Any member reads; owners and admins
 * (`organisation.manage`) change. Another organisation's member id answers 404.
 */

const memberParams = z.object({ memberId: text().min(1).max(100) });

const readErrors = {
  401: errorResponse('No session'),
  403: errorResponse('Not a member of an organisation'),
};
const manageErrors = {
  401: errorResponse('No session'),
  403: errorResponse('Not an owner or admin of an organisation (organisation.manage), or no organisation'),
};

export const getOrganisation = createRoute({
  method: 'get',
  path: API_PATHS.organisation,
  middleware: [requireSession] as const,
  tags: ['Organisation'],
  summary: "The caller's organisation: details, the caller's role, member and project counts",
  responses: { 200: jsonResponse(organisationDetailsSchema, 'The organisation'), ...readErrors },
});

export const patchOrganisation = createRoute({
  method: 'patch',
  path: API_PATHS.organisation,
  middleware: [requirePermission('organisation.manage'), jsonBody] as const,
  tags: ['Organisation'],
  summary: "Changes the organisation's details (keys left out stay); audited",
  description:
    'ABN: 11 digits passing the ATO checksum (spaces allowed). Phone: Australian, stored as E.164. ' +
    'Address: the suburb, state and postcode must be one of the bundled gazetteer’s localities.',
  request: {
    body: { required: true, content: { 'application/json': { schema: organisationDetailsInputSchema } } },
  },
  responses: {
    200: jsonResponse(organisationDetailsSchema, 'The organisation as saved'),
    400: errorResponse('Invalid body: a field error names the field'),
    ...manageErrors,
  },
});

export const postOrganisationLogo = createRoute({
  method: 'post',
  path: API_PATHS.organisationLogo,
  // The image's own limit plus room for the multipart framing around it.
  middleware: [
    requirePermission('organisation.manage'),
    limitBody(ORGANISATION_LOGO_MAX_BYTES + 64 * 1024),
  ] as const,
  tags: ['Organisation'],
  summary: 'Uploads the logo (JPEG, PNG or WebP up to 5 MB; checked by content, resized); audited',
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
    200: jsonResponse(organisationLogoSchema, 'Stored'),
    400: errorResponse('No file, or not an image of an accepted type'),
    ...manageErrors,
    413: errorResponse('Larger than 5 MB'),
  },
});

export const deleteOrganisationLogo = createRoute({
  method: 'delete',
  path: API_PATHS.organisationLogo,
  middleware: [requirePermission('organisation.manage')] as const,
  tags: ['Organisation'],
  summary: 'Removes the logo; audited',
  responses: { 200: jsonResponse(organisationLogoSchema, 'Removed'), ...manageErrors },
});

export const getOrganisationMembers = createRoute({
  method: 'get',
  path: API_PATHS.organisationMembers,
  middleware: [requireSession] as const,
  tags: ['Organisation'],
  summary: "The organisation's members, owners first",
  responses: { 200: jsonResponse(organisationMemberListSchema, 'Members'), ...readErrors },
});

const memberRules =
  'Only an owner may make someone an owner, change an owner’s role or remove an owner (403); the last ' +
  'owner is never demoted or removed (409).';

export const patchOrganisationMember = createRoute({
  method: 'patch',
  path: '/api/organisation/members/{memberId}',
  middleware: [requirePermission('organisation.manage'), jsonBody] as const,
  tags: ['Organisation'],
  summary: "Changes a member's role; audited",
  description: memberRules,
  request: {
    params: memberParams,
    body: { required: true, content: { 'application/json': { schema: organisationMemberRoleInputSchema } } },
  },
  responses: {
    200: jsonResponse(organisationMemberSchema, 'The member with the new role'),
    400: errorResponse('Invalid body'),
    ...manageErrors,
    404: errorResponse("No such member of the caller's organisation"),
    409: errorResponse('The last owner'),
  },
});

export const deleteOrganisationMember = createRoute({
  method: 'delete',
  path: '/api/organisation/members/{memberId}',
  middleware: [requirePermission('organisation.manage')] as const,
  tags: ['Organisation'],
  summary: 'Removes a member, with their membership of the organisation’s projects; audited',
  description: memberRules,
  request: { params: memberParams },
  responses: {
    204: { description: 'Removed' },
    ...manageErrors,
    404: errorResponse("No such member of the caller's organisation"),
    409: errorResponse('The last owner'),
  },
});

export const getOrganisationProjects = createRoute({
  method: 'get',
  path: API_PATHS.organisationProjects,
  middleware: [requireSession] as const,
  tags: ['Organisation'],
  summary: "The organisation's projects with their leads of the last 30 days, by title",
  responses: { 200: jsonResponse(organisationProjectListSchema, 'Projects'), ...readErrors },
});
