import { timingSafeEqual } from 'node:crypto';
import { isPlatformAdmin, listingPublicPath } from '@offplan/shared';
import type { Context } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppDeps, AppEnv } from '../../lib/context.ts';
import type { EdgeRoute } from '../../lib/edge.ts';
import { emailNotVerified, forbidden, sessionRequired } from '../../lib/errors.ts';
import { type CachedPage, pageCacheFor } from '../../lib/page-cache.ts';
import { createRouter } from '../../lib/router.ts';
import { createEnquiryFormToken } from '../enquiries/enquiry-form-token.ts';
import { requireListingEditor } from '../listings/listing-editor.ts';
import { loadListingParts, toListing } from '../listings/listings.repository.ts';
import { patternLabel } from '../metrics/metrics.middleware.ts';
import {
  ATTRIBUTION_FIELDS,
  type AttributionField,
  ENQUIRY_FORM_END,
  ENQUIRY_FORM_START,
  ENQUIRY_HIDDEN_FIELDS_SLOT,
  ENQUIRY_SENT_TEMPLATE_START,
  type EnquiryFormState,
  enquiryHiddenFieldsHtml,
} from './enquiry-form.render.ts';
import { ENQUIRY_FORM_SCRIPT, ENQUIRY_FORM_SCRIPT_PATH } from './enquiry-form.script.ts';
import { renderListingPage, renderNotFoundPage } from './public-listing.render.ts';
import { movedListingPath, projectIdAtAnyPath, projectIdAtCurrentPath } from './public-listing.repository.ts';
import { getPurgeUrl, PUBLIC_LISTING_ROUTE } from './public-listing.routes.ts';

const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  // Freshness is ours to manage (purges); browsers and CDNs revalidate.
  'cache-control': 'public, max-age=0, must-revalidate',
};

/** Design §2: HIDDEN takes a listing off the marketplace; NOT_PROCEEDING projects are hidden. */
const offMarketplace = ({ project }: { project: { salesStatus: string; stage: string } }) =>
  project.salesStatus === 'HIDDEN' || project.stage === 'NOT_PROCEEDING';

/** Renders (or redirects, or refuses) one public path from the database. */
async function renderPath(
  deps: AppDeps,
  db: Db,
  prefix: string,
  slug: string,
): Promise<Omit<CachedPage, 'storedAt'> & { cacheable: boolean }> {
  const context = { baseUrl: deps.settings.baseUrl, productName: deps.settings.productName };
  const notFoundPage = {
    status: 404,
    body: renderNotFoundPage(context),
    headers: HTML_HEADERS,
    cacheable: false,
  };
  const currentId = await projectIdAtCurrentPath(db, prefix, slug);
  if (currentId === undefined) {
    const moved = await movedListingPath(db, prefix, slug);
    if (!moved) return notFoundPage;
    return {
      status: 301,
      body: '',
      headers: { location: listingPublicPath(moved), 'cache-control': 'public, max-age=3600' },
      // Not kept here: saves purge the listing's current and previous path, not every older one.
      cacheable: false,
    };
  }
  const parts = await loadListingParts(db, currentId);
  if (!parts || offMarketplace(parts)) return notFoundPage;
  const listing = toListing(parts, { isAdmin: false });
  return { status: 200, body: renderListingPage(listing, context), headers: HTML_HEADERS, cacheable: true };
}

/** Query parameters of a visit that the enquiry form carries as attribution (spec §2 campaign id). */
const ATTRIBUTION_QUERY: Record<Exclude<AttributionField, 'referrer'>, string> = {
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmTerm: 'utm_term',
  utmContent: 'utm_content',
  campaignId: 'iterableEmailCampaignId',
};

/**
 * Where this visit came from: the query's UTM and campaign parameters and the Referer, cut to size.
 * `query` reads one parameter (Hono's `c.req.query`, or URLSearchParams at the edge).
 */
function attributionOf(
  query: (name: string) => string | null | undefined,
  referer: string | undefined,
): Partial<Record<AttributionField, string>> {
  const attribution: Partial<Record<AttributionField, string>> = {};
  for (const [field, parameter] of Object.entries(ATTRIBUTION_QUERY) as [AttributionField, string][]) {
    const value = query(parameter)?.trim();
    if (value) attribution[field] = value.slice(0, ATTRIBUTION_FIELDS[field]);
  }
  const referrer = referer?.trim();
  if (referrer) attribution.referrer = referrer.slice(0, ATTRIBUTION_FIELDS.referrer);
  return attribution;
}

const authSecret = async (deps: AppDeps) => (await deps.auth.$context).secret;

/**
 * A page's body for one response: the form's token (made now: its age is the form's fill time) and
 * the visit's attribution go into the slot the cached body keeps for them.
 */
async function withEnquiryFields(
  deps: AppDeps,
  body: string,
  attribution: Partial<Record<AttributionField, string>>,
) {
  if (!body.includes(ENQUIRY_HIDDEN_FIELDS_SLOT)) return body;
  const token = createEnquiryFormToken(await authSecret(deps));
  return body.replace(ENQUIRY_HIDDEN_FIELDS_SLOT, () => enquiryHiddenFieldsHtml(token, attribution));
}

/**
 * The page after a sent enquiry (`?enquiry=sent`, where the no-JavaScript form's post redirects): the
 * confirmation the page keeps for its script takes the form's place.
 */
function withConfirmation(body: string) {
  const start = body.indexOf(ENQUIRY_FORM_START);
  const end = body.indexOf(ENQUIRY_FORM_END);
  const sentStart = body.indexOf(ENQUIRY_SENT_TEMPLATE_START);
  const sentEnd = body.indexOf('</template>', sentStart);
  if (start < 0 || end < start || sentStart < end || sentEnd < 0) return body;
  const sent = body.slice(sentStart + ENQUIRY_SENT_TEMPLATE_START.length, sentEnd);
  return (
    body.slice(0, start) +
    sent +
    body.slice(end + ENQUIRY_FORM_END.length, sentStart) +
    body.slice(sentEnd + '</template>'.length)
  );
}

/** A page's bytes either side of its enquiry-fields slot, encoded once per page (kept while the page is). */
const encodedHalves = new WeakMap<object, { before: Buffer; after: Buffer }>();

/**
 * `withEnquiryFields` for the page as sent most of the time (no `?enquiry=sent`), as bytes: the page's
 * bytes around the slot are encoded once, so an answer copies them instead of replacing in a string
 * and encoding it again. The same bytes as the string version (the slot appears once).
 */
function encodedPageBody(
  page: Omit<CachedPage, 'storedAt'>,
  token: string,
  attribution: Partial<Record<AttributionField, string>>,
): string | Buffer {
  const slot = page.body.indexOf(ENQUIRY_HIDDEN_FIELDS_SLOT);
  if (slot < 0) return page.body;
  let halves = encodedHalves.get(page);
  if (!halves) {
    halves = {
      before: Buffer.from(page.body.slice(0, slot)),
      after: Buffer.from(page.body.slice(slot + ENQUIRY_HIDDEN_FIELDS_SLOT.length)),
    };
    encodedHalves.set(page, halves);
  }
  const fields = Buffer.from(enquiryHiddenFieldsHtml(token, attribution));
  return Buffer.concat([halves.before, fields, halves.after]);
}

const answerHeaders = (page: Omit<CachedPage, 'storedAt'>, cache: 'HIT' | 'MISS') => ({
  ...page.headers,
  'x-cache': cache,
});

/** A cached page's headers as the edge sends them, one object per page (the edge prepares each once). */
const hitHeaders = new WeakMap<object, Record<string, string>>();
function hitHeadersOf(page: CachedPage) {
  let headers = hitHeaders.get(page);
  if (!headers) {
    headers = answerHeaders(page, 'HIT');
    hitHeaders.set(page, headers);
  }
  return headers;
}

async function respond(
  c: Context<AppEnv>,
  page: Omit<CachedPage, 'storedAt'>,
  cache: 'HIT' | 'MISS',
  head: boolean,
) {
  const headers: Record<string, string> = answerHeaders(page, cache);
  if (head || page.status === 301) return new Response(null, { status: page.status, headers });
  const deps = c.get('deps');
  const attribution = attributionOf((name) => c.req.query(name), c.req.header('referer'));
  if (page.status === 200 && c.req.query('enquiry') === 'sent') {
    // One visitor's page: no cache may keep it, and the shared page cache above never sees it.
    headers['cache-control'] = 'private, no-store';
    const body = await withEnquiryFields(deps, withConfirmation(page.body), attribution);
    return new Response(body, { status: page.status, headers });
  }
  const token = createEnquiryFormToken(await authSecret(deps));
  return new Response(encodedPageBody(page, token, attribution), { status: page.status, headers });
}

export const publicListingRouter = createRouter();

/** GET /{prefix}/{slug}: the server-rendered public listing page, cached in process. */
publicListingRouter.get(PUBLIC_LISTING_ROUTE, async (c) => {
  const { prefix, slug } = c.req.param() as { prefix: string; slug: string };
  const deps = c.get('deps');
  const cache = pageCacheFor(deps);
  const path = `/${prefix}/${slug}`;
  const head = c.req.method === 'HEAD';
  const hit = cache.get(path);
  if (hit) return respond(c, hit, 'HIT', head);
  const generation = cache.generation;
  const { cacheable, ...page } = await renderPath(deps, deps.database.db, prefix, slug);
  if (cacheable) cache.set(path, page, generation);
  return respond(c, page, 'MISS', head);
});

const LISTING_ROUTE_LABEL = patternLabel(PUBLIC_LISTING_ROUTE);

/**
 * The same answer as the route's for a page the cache holds, given at the edge (lib/edge.ts) when the
 * route would answer it from the cache anyway: a GET without `?enquiry=sent`. `secret` is the auth
 * secret the form token is signed with (made at start, before the first request).
 */
export function cachedListingPages(deps: AppDeps, secret: string): EdgeRoute {
  const cache = pageCacheFor(deps);
  return ({ path, search, headers }) => {
    const params = search ? new URLSearchParams(search) : undefined;
    if (params?.get('enquiry') === 'sent') return undefined;
    const page = cache.fresh(path);
    if (!page) return undefined;
    const attribution = attributionOf((name) => params?.get(name), headers.referer);
    return {
      route: LISTING_ROUTE_LABEL,
      status: page.status,
      headers: hitHeadersOf(page),
      body: encodedPageBody(page, createEnquiryFormToken(secret), attribution),
    };
  };
}

/** The enquiry form's script (versioned by content: kept a year by browsers). */
publicListingRouter.get(ENQUIRY_FORM_SCRIPT_PATH.split('?')[0]!, (c) =>
  c.body(ENQUIRY_FORM_SCRIPT, 200, {
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control':
      c.req.query('v') === ENQUIRY_FORM_SCRIPT_PATH.split('=')[1]
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=300',
  }),
);

/**
 * The listing page showing what a buyer sent, with a message per field (the no-JavaScript form's
 * answer to a refused enquiry). It holds one buyer's details: rendered for this response only, never
 * cached anywhere. A project no longer on the marketplace answers the not-found page.
 */
export async function renderEnquiryAnswer(
  c: Context<AppEnv>,
  projectId: number,
  form: EnquiryFormState,
  status: 400 | 409 | 429,
) {
  const deps = c.get('deps');
  const context = { baseUrl: deps.settings.baseUrl, productName: deps.settings.productName };
  const headers = { ...HTML_HEADERS, 'cache-control': 'private, no-store' };
  const parts = await loadListingParts(deps.database.db, projectId);
  if (!parts || offMarketplace(parts)) return c.body(renderNotFoundPage(context), 404, headers);
  const page = renderListingPage(toListing(parts, { isAdmin: false }), context, form);
  const kept = Object.fromEntries(
    (Object.keys(ATTRIBUTION_FIELDS) as AttributionField[]).map((field) => [
      field,
      form.values[field]?.slice(0, ATTRIBUTION_FIELDS[field]),
    ]),
  );
  return c.body(await withEnquiryFields(deps, page, kept), status, headers);
}

function tokenMatches(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function mayPurge(c: Context<AppEnv>, path: string, token: string | undefined) {
  const deps = c.get('deps');
  if (tokenMatches(token, deps.settings.listings.purgeToken)) return;
  if (token) throw forbidden('The purge token is not valid.');
  const user = c.get('user');
  if (!user) throw sessionRequired();
  if (!user.emailVerified) throw emailNotVerified();
  const [, prefix, slug] = path.split('/') as [string, string, string];
  const projectId = await projectIdAtAnyPath(deps.database.db, prefix, slug);
  if (projectId === undefined) {
    if (isPlatformAdmin(user)) return;
    throw forbidden('No listing you edit is at that path.');
  }
  await requireListingEditor(deps.database.db, user as { id: string; role?: string | null }, projectId);
}

publicListingRouter.openapi(getPurgeUrl, async (c) => {
  const { path, token } = c.req.valid('query');
  await mayPurge(c, path, token);
  await pageCacheFor(c.get('deps')).purge([path]);
  c.get('log').info({ path }, 'public page purged');
  return c.json({ purged: true as const, path }, 200);
});
