import { FEEDBACK_COMMENT_MAX, FEEDBACK_LINK_DAYS, STAR_RATING_MAX } from '@offplan/shared';
import type { Branding } from '../../lib/branding.ts';
import { escapeHtml } from '../../lib/message-templates.ts';
import { FAVICON_LINK, PUBLIC_PAGE_STYLE } from '../public-listing/public-listing.render.ts';
import type { OpenedFeedbackRequest } from './buyer-feedback.repository.ts';

/**
 * The buyer feedback pages (issue 17 item 4): server-rendered like the public listing page (its
 * stylesheet, every value escaped), branded for the site the buyer opened, and working without
 * JavaScript: each rating is a radio group of 0 to 5 stars with visible labels.
 */

/** What the buyer sent and what was wrong with it, when the form is shown again. */
export type FeedbackFormState = {
  values: Record<string, string>;
  errors: Record<string, string>;
  message?: string;
};

const RATING_STYLE = `
.rating-form fieldset{border:1px solid #e3e6ef;border-radius:8px;padding:12px 16px;margin:0;background:#fff}
.rating-form legend{font-weight:600;padding:0 4px}
.rating-form fieldset[aria-invalid="true"]{border-color:#b3261e}
.rating-form .stars{display:flex;flex-wrap:wrap;gap:8px 16px;margin:8px 0}
.rating-form .stars label{display:inline-flex;gap:6px;align-items:center;font-weight:400;cursor:pointer}
.rating-form .stars .glyphs{color:#e0a100;letter-spacing:1px}
.rating-form .stars input{margin:0;width:1.1rem;height:1.1rem}
.rating-form .stars input:focus-visible{outline:3px solid #2740a8;outline-offset:2px}
`;

/** A tenant colour goes into CSS only as a hex colour. */
const safeColour = (value: string) => (/^#[0-9a-f]{3,8}$/i.test(value) ? value : '#2740a8');

const starsLabel = (count: number) => `${count} ${count === 1 ? 'star' : 'stars'}`;

function page(branding: Branding, title: string, body: string): string {
  const colour = safeColour(branding.primaryColor);
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
${FAVICON_LINK}
<title>${escapeHtml(title)} | ${escapeHtml(branding.siteName)}</title>
<style>${PUBLIC_PAGE_STYLE}${RATING_STYLE}.enquiry-form button{background:${colour}}header.site a{color:${colour}}</style>
</head>
<body>
<header class="site"><a href="/">${escapeHtml(branding.siteName)}</a></header>
<main>
${body}
</main>
</body>
</html>
`;
}

/** One rating as a radio group: 0 to 5 stars, each with its visible label; a message under it. */
function starsFieldset(name: string, legend: string, hint: string | null, state: FeedbackFormState): string {
  const error = state.errors[name] ?? '';
  const chosen = state.values[name];
  const options = Array.from({ length: STAR_RATING_MAX + 1 }, (_, stars) => {
    const id = `${name}-${stars}`;
    const glyphs = '★'.repeat(stars) + '☆'.repeat(STAR_RATING_MAX - stars);
    return `<label for="${id}"><input type="radio" id="${id}" name="${name}" value="${stars}"${chosen === String(stars) ? ' checked' : ''}><span class="glyphs" aria-hidden="true">${glyphs}</span> ${starsLabel(stars)}</label>`;
  }).join('');
  return `<fieldset id="${name}" aria-describedby="${name}-error"${error ? ' aria-invalid="true"' : ''}>
<legend>${escapeHtml(legend)}</legend>
${hint ? `<p class="hint">${escapeHtml(hint)}</p>` : ''}
<div class="stars">${options}</div>
<p class="field-error" id="${name}-error">${escapeHtml(error)}</p>
</fieldset>`;
}

/** The form: the project's stars, the agent's when one handled the enquiry, and a comment. */
export function renderFeedbackForm(
  branding: Branding,
  request: OpenedFeedbackRequest,
  action: string,
  state: FeedbackFormState = { values: {}, errors: {} },
): string {
  const { projectTitle, agentFirstName } = request;
  const commentError = state.errors.comment ?? '';
  const agent = agentFirstName
    ? starsFieldset(
        'agentRating',
        `How would you rate ${agentFirstName}, who handled your enquiry?`,
        'Optional',
        state,
      )
    : '';
  const body = `<h1>Rate your enquiry about ${escapeHtml(projectTitle)}</h1>
<p>Your answers go to the team behind ${escapeHtml(projectTitle)}. 0 stars is the lowest, ${STAR_RATING_MAX} the highest.</p>
<form class="enquiry-form rating-form" method="post" action="${escapeHtml(action)}" novalidate>
<p class="form-error" role="alert">${escapeHtml(state.message ?? '')}</p>
${starsFieldset('projectRating', `How would you rate ${projectTitle}?`, null, state)}
${agent}
<div class="field">
<label for="comment">Comment (optional)</label>
<textarea id="comment" name="comment" maxlength="${FEEDBACK_COMMENT_MAX}" aria-describedby="comment-hint comment-error"${commentError ? ' aria-invalid="true"' : ''}>${escapeHtml(state.values.comment ?? '')}</textarea>
<p class="hint" id="comment-hint">What went well, what could be better: up to ${FEEDBACK_COMMENT_MAX} characters.</p>
<p class="field-error" id="comment-error">${escapeHtml(commentError)}</p>
</div>
<button type="submit">Send feedback</button>
</form>`;
  return page(branding, `Rate ${projectTitle}`, body);
}

export function renderThanksPage(branding: Branding, projectTitle: string): string {
  return page(
    branding,
    'Thank you',
    `<h1>Thank you for your feedback</h1><p class="card" role="status">Your rating of ${escapeHtml(projectTitle)} has been sent to its team. This link has now been used.</p>`,
  );
}

export function renderUsedPage(branding: Branding): string {
  return page(
    branding,
    'Link already used',
    '<h1>This link has already been used</h1><p class="card">Feedback has already been given with this link, and each link works once. Thank you.</p>',
  );
}

export function renderExpiredPage(branding: Branding): string {
  return page(
    branding,
    'Link expired',
    `<h1>This link has expired</h1><p class="card">Feedback links work for ${FEEDBACK_LINK_DAYS} days after they are sent, and this one is older.</p>`,
  );
}

/** Says nothing about any link: an unknown token and a mistyped one read the same. */
export function renderLinkNotFoundPage(branding: Branding): string {
  return page(
    branding,
    'Link not found',
    '<h1>Link not found</h1><p class="card">This feedback link is not valid. Check that the whole link from the email was opened.</p>',
  );
}

export function renderTooManyPage(branding: Branding, retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return page(
    branding,
    'Please wait',
    `<h1>Too many tries</h1><p class="card">Too much feedback has been sent from here. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.</p>`,
  );
}
