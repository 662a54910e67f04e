import { timingSafeEqual } from 'node:crypto';
import { isPlatformAdmin, listingPublicPath } from '@offplan/shared';
import type { Context } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppDeps, AppEnv } from '../../lib/context.ts';
import { emailNotVerified, forbidden, sessionRequired } from '../../lib/errors.ts';
import { type CachedPage, pageCacheFor } from '../../lib/page-cache.ts';
import { createRouter } from '../../lib/router.ts';
import { requireListingEditor } from '../listings/listing-editor.ts';
import { loadListingParts, toListing } from '../listings/listings.repository.ts';
import { renderListingPage, renderNotFoundPage } from './public-listing.render.ts';
import { movedListingPath, projectIdAtAnyPath, projectIdAtCurrentPath } from './public-listing.repository.ts';
import { getPurgeUrl, PUBLIC_LISTING_ROUTE } from './public-listing.routes.ts';

const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  // Freshness is ours to manage (purges); browsers and CDNs revalidate.
  'cache-control': 'public, max-age=0, must-revalidate',
};

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
  // Design §2: HIDDEN takes a listing off the marketplace; NOT_PROCEEDING projects are hidden.
  if (!parts || parts.project.salesStatus === 'HIDDEN' || parts.project.stage === 'NOT_PROCEEDING') {
    return notFoundPage;
  }
  const listing = toListing(parts, { isAdmin: false });
  return { status: 200, body: renderListingPage(listing, context), headers: HTML_HEADERS, cacheable: true };
}

function respond(page: Omit<CachedPage, 'storedAt'>, cache: 'HIT' | 'MISS', head: boolean) {
  return new Response(head || page.status === 301 ? null : page.body, {
    status: page.status,
    headers: { ...page.headers, 'x-cache': cache },
  });
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
  if (hit) return respond(hit, 'HIT', head);
  const generation = cache.generation;
  const { cacheable, ...page } = await renderPath(deps, deps.database.db, prefix, slug);
  if (cacheable) cache.set(path, page, generation);
  return respond(page, 'MISS', head);
});

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
