import { createRoute, z } from '@hono/zod-openapi';
import { API_PATHS, text } from '@offplan/shared';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { errorResponse } from '../../lib/router.ts';
import { jsonBody } from '../../middlewares/guards.ts';

/**
 * The built-in webhook receiver (decision 029 "Demo data"): a destination to try delivery with, and
 * the demo organisation's webhook. No session: a receiver is called by the delivery job, not a person.
 */

/** Off means absent: production answers as if the route did not exist. */
const receiverOutsideProduction = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('deps').settings.nodeEnv === 'production') {
    throw notFound(`No API route POST ${API_PATHS.devWebhookReceiver}.`);
  }
  await next();
});

export const postDevWebhookReceiver = createRoute({
  method: 'post',
  path: API_PATHS.devWebhookReceiver,
  middleware: [receiverOutsideProduction, jsonBody] as const,
  tags: ['CRM'],
  summary: 'A webhook receiver to try CRM delivery with: takes any body (not in production)',
  request: {
    query: z.object({
      /** `1`: answer 503, a receiver that is down (for a failing delivery in the demo data). */
      fail: text().max(8).optional(),
    }),
  },
  responses: {
    204: { description: 'Received' },
    404: errorResponse('The receiver is off (production)'),
    503: errorResponse('Asked to fail (`?fail=1`)'),
  },
});
