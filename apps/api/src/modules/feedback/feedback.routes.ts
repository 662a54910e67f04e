import { createRoute, z } from '@hono/zod-openapi';
import { feedbackInputSchema, feedbackListSchema } from '@offplan/shared';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import { refuseOverLimit } from '../../lib/throttle.ts';
import { jsonBody, requirePlatformAdmin, requireSession } from '../../middlewares/guards.ts';

/** Each feedback emails the team: a user may send this many an hour (kept in the database, per user). */
export const FEEDBACK_PER_HOUR = 10;

/** Counted before the body is read; after requireSession, so the count is per user. */
const throttleFeedback = createMiddleware<AppEnv>(async (c, next) => {
  await refuseOverLimit(
    c,
    `feedback:${c.get('user')?.id}`,
    { windowSeconds: 60 * 60, max: FEEDBACK_PER_HOUR },
    (seconds) =>
      `You have sent a lot of feedback this hour. Try again in ${Math.ceil(seconds / 60)} minutes.`,
  );
  await next();
});

export const sendFeedback = createRoute({
  method: 'post',
  path: '/api/feedback',
  middleware: [requireSession, jsonBody, throttleFeedback] as const,
  tags: ['Feedback'],
  summary: 'Send feedback to the team (kept, and emailed to FEEDBACK_EMAIL)',
  request: { body: { required: true, content: { 'application/json': { schema: feedbackInputSchema } } } },
  responses: {
    201: jsonResponse(z.object({ id: z.string() }), 'Feedback kept'),
    400: errorResponse('Invalid body'),
    401: errorResponse('No session'),
    413: errorResponse('Body too large'),
    429: errorResponse('Too much feedback from this user this hour'),
  },
});

export const listFeedback = createRoute({
  method: 'get',
  path: '/api/feedback',
  middleware: [requirePlatformAdmin] as const,
  tags: ['Feedback'],
  summary: 'The latest feedback, newest first (admins)',
  responses: {
    200: jsonResponse(feedbackListSchema, 'Feedback'),
    401: errorResponse('No session'),
    403: errorResponse('Not an admin'),
  },
});
