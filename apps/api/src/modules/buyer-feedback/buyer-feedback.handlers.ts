import { buyerFeedbackInputSchema } from '@offplan/shared';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { brandingSourceOf, tenantBranding } from '../../lib/branding.ts';
import type { AppEnv } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import { limitNameOf } from '../../lib/metrics.ts';
import { createRouter } from '../../lib/router.ts';
import { hitThrottle, type ThrottleWindow } from '../../lib/throttle.ts';
import { limitBody } from '../../middlewares/guards.ts';
import { trustedOriginOnly } from '../../middlewares/trusted-origin.ts';
import {
  type FeedbackFormState,
  renderExpiredPage,
  renderFeedbackForm,
  renderLinkNotFoundPage,
  renderThanksPage,
  renderTooManyPage,
  renderUsedPage,
} from './buyer-feedback.render.ts';
import {
  type FeedbackRequestState,
  feedbackRequestOf,
  type OpenedFeedbackRequest,
  storeFeedback,
} from './buyer-feedback.repository.ts';
import { feedbackPath, feedbackTokenHash } from './buyer-feedback-token.ts';

/**
 * Feedback posts per client address: a household rates a few enquiries; a script trying tokens is
 * stopped after 20 tries in 10 minutes (shared by every process: the throttle lives in the database).
 */
export const FEEDBACK_POSTS_PER_ADDRESS: ThrottleWindow = { windowSeconds: 10 * 60, max: 20 };

/** A comment of FEEDBACK_COMMENT_MAX characters, form-encoded, fits well below this. */
const FEEDBACK_BODY_LIMIT_BYTES = 64 * 1024;

/** Any token-shaped segment: an unknown one gets this module's not-found page, not the web app. */
export const FEEDBACK_ROUTE = '/rate/:token{[^/]{1,200}}';

const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  // One buyer's link: no cache keeps it, and no other site the page leads to learns it from the Referer.
  // Not `no-referrer`: under it Chromium sends the form's own POST with `Origin: null`, which the
  // origin check refuses (the buyer's feedback was lost, e2e/buyer-feedback.spec.ts).
  'cache-control': 'private, no-store',
  'referrer-policy': 'same-origin',
};

const brandingOf = (c: Context<AppEnv>) => tenantBranding(brandingSourceOf(c.get('deps')));

type Answer = { html: string; status: 200 | 400 | 404 | 410 | 429 };

function html(c: Context<AppEnv>, { html: body, status }: Answer) {
  return c.body(body, status, HTML_HEADERS);
}

type ClosedLink = Exclude<FeedbackRequestState, 'open'> | 'unknown';

/** The open request a token opens, or why there is none. */
async function readLink(c: Context<AppEnv>, tokenHash: string): Promise<OpenedFeedbackRequest | ClosedLink> {
  const request = await feedbackRequestOf(c.get('deps').database.db, tokenHash);
  if (!request) return 'unknown';
  return request.state === 'open' ? request : request.state;
}

/** The page for a link that cannot be used (any more): 404 for an unknown one, 410 for used or expired. */
async function closedLinkPage(c: Context<AppEnv>, state: ClosedLink): Promise<Answer> {
  const branding = await brandingOf(c);
  if (state === 'used') return { html: renderUsedPage(branding), status: 410 };
  if (state === 'expired') return { html: renderExpiredPage(branding), status: 410 };
  return { html: renderLinkNotFoundPage(branding), status: 404 };
}

export const buyerFeedbackRouter = createRouter();

/** GET /rate/{token}: the form while the link is open; otherwise a page saying why it is not. */
buyerFeedbackRouter.get(FEEDBACK_ROUTE, async (c) => {
  const token = c.req.param('token');
  const request = await readLink(c, feedbackTokenHash(token));
  if (typeof request === 'string') return html(c, await closedLinkPage(c, request));
  const branding = await brandingOf(c);
  return html(c, { html: renderFeedbackForm(branding, request, feedbackPath(token)), status: 200 });
});

/** Refuses another site's form posts, as `/api/*` calls are refused (app.ts). */
const sameSiteOnly = createMiddleware<AppEnv>((c, next) =>
  trustedOriginOnly(c.get('deps').settings.trustedOrigins)(c, next),
);

/** The posted fields as text (a file field reads as empty). */
async function postedValues(c: Context<AppEnv>) {
  const posted = await c.req.parseBody();
  return Object.fromEntries(
    Object.entries(posted).map(([name, value]) => [name, typeof value === 'string' ? value : '']),
  );
}

async function answerPost(c: Context<AppEnv>, token: string): Promise<Answer> {
  const deps = c.get('deps');
  const db = deps.database.db;
  const clientIp = c.get('clientIp');
  if (clientIp) {
    const key = `buyer-feedback-address:${clientIp}`;
    const limit = await hitThrottle(db, key, FEEDBACK_POSTS_PER_ADDRESS);
    if (!limit.allowed) {
      // Counted as refuseOverLimit counts the API's throttles (this page answers HTML, not an AppError).
      deps.metrics.rateLimitRefusals.inc({ limit: limitNameOf(key) });
      c.header('Retry-After', String(limit.retryAfterSeconds));
      return { html: renderTooManyPage(await brandingOf(c), limit.retryAfterSeconds), status: 429 };
    }
  }
  const tokenHash = feedbackTokenHash(token);
  const request = await readLink(c, tokenHash);
  if (typeof request === 'string') return closedLinkPage(c, request);
  const values = await postedValues(c);
  // Without an agent there is no agent question: whatever came for it is not read.
  const fields = request.agentFirstName ? values : { ...values, agentRating: '' };
  const parsed = buyerFeedbackInputSchema.safeParse(fields);
  const branding = await brandingOf(c);
  if (!parsed.success) {
    const state: FeedbackFormState = {
      values,
      errors: validationError(parsed.error, 'body').fields ?? {},
      message: 'Please correct the answers marked below.',
    };
    return { html: renderFeedbackForm(branding, request, feedbackPath(token), state), status: 400 };
  }
  if (await storeFeedback(db, tokenHash, parsed.data)) {
    c.get('log').info({ feedback: 'stored' }, 'buyer feedback received');
    return { html: renderThanksPage(branding, request.projectTitle), status: 200 };
  }
  // Used or expired between the read and the write (another post won): say which, as a GET would.
  const after = await readLink(c, tokenHash);
  return closedLinkPage(c, typeof after === 'string' ? after : 'used');
}

/**
 * POST /rate/{token}: the form without JavaScript (form-encoded). Stored: the thanks page; refused:
 * the form again with each field's message and what the buyer chose and typed (400). Counted per
 * client address first, so trying tokens is as limited as rating.
 */
buyerFeedbackRouter.post(FEEDBACK_ROUTE, sameSiteOnly, limitBody(FEEDBACK_BODY_LIMIT_BYTES), async (c) =>
  html(c, await answerPost(c, c.req.param('token'))),
);
