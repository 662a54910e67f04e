import { ERROR_CODES } from '@offplan/shared';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import { JSON_BODY_LIMIT_BYTES, limitBody } from '../../middlewares/guards.ts';
import { trustedOriginOnly } from '../../middlewares/trusted-origin.ts';
import { renderEnquiryAnswer } from '../public-listing/public-listing.handlers.ts';
import { renderNotFoundPage } from '../public-listing/public-listing.render.ts';
import { projectIdAtCurrentPath } from '../public-listing/public-listing.repository.ts';
import { PUBLIC_LISTING_ROUTE } from '../public-listing/public-listing.routes.ts';
import { type EnquiryRequest, postEnquiry } from './enquiries.routes.ts';
import { ENQUIRY_HONEYPOT_FIELD, ENQUIRY_TOKEN_FIELD } from './enquiry-form-token.ts';
import { type EnquiryOutcome, receiveEnquiry } from './enquiry-intake.ts';

export const enquiriesRouter = createRouter();

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * The JSON answer of an enquiry: 201 `{received: true}`, whatever became of it (merged, a robot's).
 * `parsed`: the body as the contract parsed it, when it did.
 */
async function answerJson(c: Context<AppEnv>, raw: unknown, parsed?: EnquiryRequest) {
  const outcome = await receiveEnquiry(c.get('deps'), asRecord(raw), {
    projectId: undefined,
    clientIp: c.get('clientIp'),
    log: c.get('log'),
    ...(parsed && { parsed: withoutSpamFields(parsed) }),
  });
  switch (outcome.kind) {
    case 'received':
    case 'ignored':
      return c.json({ received: true as const }, 201);
    case 'rejected':
      throw new AppError(400, ERROR_CODES.enquiryRejected, outcome.message);
    case 'invalid':
      throw new AppError(400, ERROR_CODES.validation, outcome.message, outcome.fields);
    case 'limited':
      c.header('Retry-After', String(outcome.retryAfterSeconds));
      throw new AppError(429, ERROR_CODES.rateLimited, outcome.message);
    case 'closed':
      throw new AppError(409, ERROR_CODES.enquiriesClosed, 'This project is no longer taking enquiries.');
    case 'not_found':
      throw notFound('No such project is on the marketplace.');
  }
}

/**
 * POST /api/enquiries. `receiveEnquiry` judges the body in its own order (honeypot and form token
 * before the fields), so a body the contract refuses is handed to it too rather than answered here.
 */
const withoutSpamFields = ({
  [ENQUIRY_TOKEN_FIELD]: _token,
  [ENQUIRY_HONEYPOT_FIELD]: _honeypot,
  ...fields
}: EnquiryRequest) => fields;

enquiriesRouter.openapi(
  postEnquiry,
  async (c) => answerJson(c, await c.req.json(), c.req.valid('json')),
  (result, c) => {
    if (!result.success) return answerJson(c, (result as { data?: unknown }).data);
  },
);

/** Refuses another site's form posts, as `/api/*` calls are refused (app.ts). */
const sameSiteOnly = createMiddleware<AppEnv>((c, next) =>
  trustedOriginOnly(c.get('deps').settings.trustedOrigins)(c, next),
);

/** The messages of fields the form does not show (hidden attribution, the project) go to its top. */
const SHOWN_FIELDS = new Set([
  'name',
  'email',
  'phone',
  'postcode',
  'buyerType',
  'budget',
  'bedrooms',
  'configuration',
  'timeframe',
  'financeStatus',
  'message',
  'consent',
]);

function formMessage(outcome: Extract<EnquiryOutcome, { kind: 'invalid' }>) {
  const unshown = Object.entries(outcome.fields).filter(([name]) => !SHOWN_FIELDS.has(name));
  if (unshown.length)
    return 'Some details of this visit could not be read: reload the page and send it again.';
  return 'Please correct the fields marked below.';
}

/**
 * POST /{prefix}/{slug}/enquiry: the enquiry form without JavaScript (form-encoded). A stored (or
 * ignored) enquiry redirects to the page's confirmation (post-redirect-get: a reload sends nothing
 * twice); a refused one answers the page again with each field's message and what the buyer typed.
 * Not an API contract: it answers HTML, for browsers. The body limit is the JSON one, so a pasted
 * essay gets the message field's message rather than a bare refusal.
 */
enquiriesRouter.post(
  `${PUBLIC_LISTING_ROUTE}/enquiry`,
  sameSiteOnly,
  limitBody(JSON_BODY_LIMIT_BYTES),
  async (c) => {
    const { prefix, slug } = c.req.param() as { prefix: string; slug: string };
    const deps = c.get('deps');
    const projectId = await projectIdAtCurrentPath(deps.database.db, prefix, slug);
    const context = { baseUrl: deps.settings.baseUrl, productName: deps.settings.productName };
    const notFoundPage = () =>
      c.body(renderNotFoundPage(context), 404, { 'content-type': 'text/html; charset=utf-8' });
    if (projectId === undefined) return notFoundPage();
    const posted = await c.req.parseBody();
    const values = Object.fromEntries(
      Object.entries(posted).map(([name, value]) => [name, typeof value === 'string' ? value : '']),
    );
    const outcome = await receiveEnquiry(deps, values, {
      projectId,
      clientIp: c.get('clientIp'),
      log: c.get('log'),
    });
    switch (outcome.kind) {
      case 'received':
      case 'ignored':
        return c.redirect(`/${prefix}/${slug}?enquiry=sent#enquiry`, 303);
      case 'not_found':
        return notFoundPage();
      case 'closed':
        return renderEnquiryAnswer(c, projectId, { values, errors: {} }, 409);
      case 'rejected':
        return renderEnquiryAnswer(c, projectId, { values, errors: {}, message: outcome.message }, 400);
      case 'invalid':
        return renderEnquiryAnswer(
          c,
          projectId,
          { values, errors: outcome.fields, message: formMessage(outcome) },
          400,
        );
      case 'limited':
        c.header('Retry-After', String(outcome.retryAfterSeconds));
        return renderEnquiryAnswer(c, projectId, { values, errors: {}, message: outcome.message }, 429);
    }
  },
);
