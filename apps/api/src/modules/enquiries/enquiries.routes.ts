import { createRoute, z } from '@hono/zod-openapi';
import { enquiryInputSchema, text } from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import { jsonBody } from '../../middlewares/guards.ts';
import { ENQUIRY_HONEYPOT_FIELD, ENQUIRY_TOKEN_FIELD } from './enquiry-form-token.ts';

/** The public listing page's enquiry, sent by its script (the page's form posts the same fields without it). */
export const enquiryRequestSchema = enquiryInputSchema.extend({
  projectId: z.coerce.number().int().positive(),
  [ENQUIRY_TOKEN_FIELD]: text()
    .max(200)
    .openapi({ description: 'The form token the listing page carries (minimum fill time, 24 h life)' }),
  [ENQUIRY_HONEYPOT_FIELD]: text()
    .max(2000)
    .optional()
    .openapi({ description: 'Left empty by people; a robot that fills it is answered as a success' }),
});

export type EnquiryRequest = z.infer<typeof enquiryRequestSchema>;

/**
 * No guard: buyers have no account. Spam is kept out by the form token, the honeypot and the limits per
 * client address and per email (enquiry-intake.ts), all judged by `receiveEnquiry`.
 */
export const postEnquiry = createRoute({
  method: 'post',
  path: '/api/enquiries',
  middleware: [jsonBody] as const,
  tags: ['Enquiries'],
  summary: 'Sends a buyer’s enquiry on a public listing (stored with its follow-up jobs before the answer)',
  description:
    'Whether the enquiry became a new lead or was merged into a recent one is not told to the public.',
  request: { body: { required: true, content: { 'application/json': { schema: enquiryRequestSchema } } } },
  responses: {
    201: jsonResponse(z.object({ received: z.literal(true) }), 'Received (stored and committed)'),
    400: errorResponse('Invalid fields (with `fields`), or a form token refused (ENQUIRY_REJECTED)'),
    404: errorResponse('No such project on the marketplace'),
    409: errorResponse('The listing takes no enquiries (sold out)'),
    413: errorResponse('Body too large'),
    429: errorResponse('Too many enquiries from this address or for this email (Retry-After)'),
  },
});
