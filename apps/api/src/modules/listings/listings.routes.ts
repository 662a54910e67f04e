import { createRoute, z } from '@hono/zod-openapi';
import {
  duplicateProjectErrorSchema,
  listingMediaItemSchema,
  listingMediaUpdateSchema,
  listingSchema,
  listingUpdateSchema,
  MEDIA_KINDS,
  MEDIA_LIMITS,
  newProjectDraftSchema,
  searchAddResultSchema,
  text,
} from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import { jsonBody, limitBody, requirePermission, requireSession } from '../../middlewares/guards.ts';

const idParam = z.object({ id: z.coerce.number().int().positive('must be a project id') });
const listingBody = jsonResponse(z.object({ listing: listingSchema }), 'The listing as it now is');

/** A brochure or floorplan (20 MB; images 10 MB, checked per kind) plus the multipart envelope. */
export const LISTING_MEDIA_BODY_MAX_BYTES = MEDIA_LIMITS.documentMaxBytes + 64 * 1024;
/** Read only by app.ts's body-limit switch; goes with it (the route declares its own limit below). */
export const getListing = createRoute({
  method: 'get',
  path: '/api/listings/{id}',
  middleware: [requireSession] as const,
  tags: ['Listings'],
  summary: 'The full listing for its editor (approved members with projects.edit, and admins)',
  request: { params: idParam },
  responses: {
    200: listingBody,
    401: errorResponse('No session'),
    403: errorResponse('Not an approved member of the project (recommended gives summary access only)'),
    404: errorResponse('No such project'),
  },
});

export const patchListing = createRoute({
  method: 'patch',
  path: '/api/listings/{id}',
  middleware: [requireSession, jsonBody] as const,
  tags: ['Listings'],
  summary: 'Updates listing fields (autosave sends what changed); purges the public page',
  description:
    'Sales status moves freely; stage moves forward only (IN_PLANNING → PRECONSTRUCTION → COMMENCED → COMPLETE), back or to NOT_PROCEEDING by admins only; campaign type is admin-set; video links follow spec §5. A new title, suburb or state gives a new public path and the old one redirects.',
  request: {
    params: idParam,
    body: { required: true, content: { 'application/json': { schema: listingUpdateSchema } } },
  },
  responses: {
    200: listingBody,
    400: errorResponse('Invalid field (named in fields)'),
    401: errorResponse('No session'),
    403: errorResponse('Not an editor of this listing, or an admin-only change'),
    404: errorResponse('No such project'),
  },
});

export const postListingMedia = createRoute({
  method: 'post',
  path: '/api/listings/{id}/media',
  middleware: [requireSession, limitBody(LISTING_MEDIA_BODY_MAX_BYTES)] as const,
  tags: ['Listings'],
  summary: 'Uploads an image (JPEG/PNG/WebP ≤ 10 MB), brochure or floorplan (PDF or image ≤ 20 MB)',
  request: {
    params: idParam,
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({
            kind: z.enum(MEDIA_KINDS),
            file: z.any().openapi({ type: 'string', format: 'binary' }),
          }),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(z.object({ media: listingMediaItemSchema, listing: listingSchema }), 'Stored'),
    400: errorResponse('Not what it claims to be, a path in the file name, or an unknown kind'),
    401: errorResponse('No session'),
    403: errorResponse('Not an editor of this listing'),
    404: errorResponse('No such project'),
    413: errorResponse('Larger than the limit of its kind'),
  },
});

export const patchListingMedia = createRoute({
  method: 'patch',
  path: '/api/listings/{id}/media',
  middleware: [requireSession, jsonBody] as const,
  tags: ['Listings'],
  summary: 'Reorders media of one kind and/or sets the hero image',
  request: {
    params: idParam,
    body: { required: true, content: { 'application/json': { schema: listingMediaUpdateSchema } } },
  },
  responses: {
    200: listingBody,
    400: errorResponse('Ids not of this listing, of mixed kinds, or the hero not an image'),
    401: errorResponse('No session'),
    403: errorResponse('Not an editor of this listing'),
    404: errorResponse('No such project'),
  },
});

export const deleteListingMedia = createRoute({
  method: 'delete',
  path: '/api/listings/{id}/media/{mediaId}',
  middleware: [requireSession] as const,
  tags: ['Listings'],
  summary: 'Removes an image or document (the next image becomes hero when the hero goes)',
  request: { params: idParam.extend({ mediaId: z.coerce.number().int().positive() }) },
  responses: {
    200: listingBody,
    401: errorResponse('No session'),
    403: errorResponse('Not an editor of this listing'),
    404: errorResponse('No such project or media'),
  },
});

export const getSearchAdd = createRoute({
  method: 'get',
  path: '/api/listings/search-add',
  middleware: [requireSession] as const,
  tags: ['Listings'],
  summary: 'New project, step 1: existing projects and addresses matching the query (spec §3 search-add)',
  request: { query: z.object({ q: text().trim().max(200).default('') }) },
  responses: {
    200: jsonResponse(searchAddResultSchema, 'Exact match, existing projects, addresses'),
    400: errorResponse('Invalid query'),
    401: errorResponse('No session'),
  },
});

export const postListing = createRoute({
  method: 'post',
  path: '/api/listings',
  // Issue 22 part 5: adding a project takes the projects.edit permission, not only an organisation.
  middleware: [requireSession, requirePermission('projects.edit'), jsonBody] as const,
  tags: ['Listings'],
  summary: 'New project, step 2: creates the draft with spec §3 defaults, owned by your organisation',
  request: { body: { required: true, content: { 'application/json': { schema: newProjectDraftSchema } } } },
  responses: {
    201: listingBody,
    400: errorResponse('Invalid draft'),
    401: errorResponse('No session'),
    403: errorResponse('No organisation, or no permission to add projects'),
    409: jsonResponse(
      duplicateProjectErrorSchema,
      'A listing with the same title and address exists. `existing` names it (to open, claim or request access to) only when the caller may find it; of a project off the marketplace that is not theirs only that it exists and `requestAccessUrl`, where to ask for access (issue 15 finding 4).',
    ),
  },
});
