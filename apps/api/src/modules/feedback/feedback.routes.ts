import { createRoute, z } from '@hono/zod-openapi';
import { feedbackInputSchema, feedbackListSchema } from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';

export const sendFeedback = createRoute({
  method: 'post',
  path: '/api/feedback',
  tags: ['Feedback'],
  summary: 'Send feedback to the team (kept, and emailed to FEEDBACK_EMAIL)',
  request: { body: { required: true, content: { 'application/json': { schema: feedbackInputSchema } } } },
  responses: {
    201: jsonResponse(z.object({ id: z.string() }), 'Feedback kept'),
    400: errorResponse('Invalid body'),
    401: errorResponse('No session'),
    429: errorResponse('Too much feedback from this user this hour'),
  },
});

export const listFeedback = createRoute({
  method: 'get',
  path: '/api/feedback',
  tags: ['Feedback'],
  summary: 'The latest feedback, newest first (admins)',
  responses: {
    200: jsonResponse(feedbackListSchema, 'Feedback'),
    401: errorResponse('No session'),
    403: errorResponse('Not an admin'),
  },
});
