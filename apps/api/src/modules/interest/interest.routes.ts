import { createRoute, z } from '@hono/zod-openapi';
import {
  INTEREST_PRODUCTS,
  interestListSchema,
  myInterestSchema,
  registerInterestSchema,
} from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import { jsonBody, requirePlatformAdmin, requireSession } from '../../middlewares/guards.ts';

const params = z.object({ product: z.enum(INTEREST_PRODUCTS) });

export const getMyInterest = createRoute({
  method: 'get',
  path: '/api/interest/{product}/me',
  middleware: [requireSession] as const,
  tags: ['Interest'],
  summary: 'Whether the signed-in user registered interest in a Coming Soon product',
  request: { params },
  responses: {
    200: jsonResponse(myInterestSchema, 'Interest'),
    400: errorResponse('Unknown product'),
    401: errorResponse('No session'),
  },
});

export const registerInterest = createRoute({
  method: 'put',
  path: '/api/interest/{product}/me',
  middleware: [requireSession, jsonBody] as const,
  tags: ['Interest'],
  summary: 'Register interest (idempotent: once per user; a later call only updates the note)',
  request: {
    params,
    body: { required: false, content: { 'application/json': { schema: registerInterestSchema } } },
  },
  responses: {
    200: jsonResponse(myInterestSchema, 'Interest'),
    400: errorResponse('Invalid body or unknown product'),
    401: errorResponse('No session'),
    413: errorResponse('Body too large'),
  },
});

export const listInterest = createRoute({
  method: 'get',
  path: '/api/interest/{product}',
  middleware: [requirePlatformAdmin] as const,
  tags: ['Interest'],
  summary: 'Who registered interest, newest first (admins)',
  request: { params },
  responses: {
    200: jsonResponse(interestListSchema, 'Interest'),
    400: errorResponse('Unknown product'),
    401: errorResponse('No session'),
    403: errorResponse('Not an admin'),
  },
});
