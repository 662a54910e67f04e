import { timingSafeEqual } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { AUSTRALIAN_STATES, isPlatformAdmin, listingPublicPath } from '@offplan/shared';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../../db/client.ts';
import { projectSlugHistory, projects } from '../../db/schema/index.ts';
import type { AppDeps, AppEnv } from '../../lib/context.ts';
import { emailNotVerified, forbidden, sessionRequired } from '../../lib/errors.ts';
import { type CachedPage, pageCacheFor } from '../../lib/page-cache.ts';
import { createRouter, errorResponse, jsonResponse } from '../../lib/router.ts';
import { loadListingParts, requireListingEditor, toListing } from '../listings/listings.repository.ts';
import { onMarketplace } from '../projects/project-access.ts';
import { renderListingPage, renderNotFoundPage } from './public-listing.render.ts';

const STATE_PREFIXES = AUSTRALIAN_STATES.map((state) => state.toLowerCase()).join('|');
/** Only `/{state}/{slug}` with a lower-case state: every other path stays the web app's. */
export const PUBLIC_LISTING_ROUTE = `/:prefix{(?:${STATE_PREFIXES})}/:slug{[a-z0-9][a-z0-9-]{0,199}}`;
export const PUBLIC_LISTING_PATH = new RegExp(`^/(?:${STATE_PREFIXES})/[a-z0-9][a-z0-9-]{0,199}$`);

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
  const [current] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.prefix, prefix), eq(projects.slug, slug)));
  if (!current) {
    const [old] = await db
      .select({ prefix: projects.prefix, slug: projects.slug })
      .from(projectSlugHistory)
      .innerJoin(projects, eq(projects.id, projectSlugHistory.projectId))
      // A listing off the marketplace does not say where it went (its new title) from an old path.
      .where(and(eq(projectSlugHistory.prefix, prefix), eq(projectSlugHistory.slug, slug), onMarketplace));
    if (!old) return notFoundPage;
    return {
      status: 301,
      body: '',
      headers: { location: listingPublicPath(old), 'cache-control': 'public, max-age=3600' },
      // Not kept here: saves purge the listing's current and previous path, not every older one.
      cacheable: false,
    };
  }
  const parts = await loadListingParts(db, current.id);
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

const purgeQuerySchema = z.object({
  path: z
    .string()
    .regex(PUBLIC_LISTING_PATH, 'must be a public listing path /{state}/{slug}')
    .openapi({ example: '/nsw/harbour-residences-pyrmont' }),
  t: z.string().max(40).optional().openapi({ description: 'Timestamp (spec §7); only defeats caches' }),
  token: z
    .string()
    .max(200)
    .optional()
    .openapi({ description: 'PURGE_TOKEN, for callers without a session' }),
});

export const getPurgeUrl = createRoute({
  method: 'get',
  path: '/api/purge-url',
  tags: ['Listings'],
  summary: 'Purges the cached public listing page at a path (spec §7), in every app process',
  description:
    'Allowed for editors of the listing at that path (approved members with projects.edit), admins, and callers with the configured PURGE_TOKEN.',
  request: { query: purgeQuerySchema },
  responses: {
    200: jsonResponse(z.object({ purged: z.literal(true), path: z.string() }), 'Purged'),
    400: errorResponse('Not a public listing path'),
    401: errorResponse('No session and no token'),
    403: errorResponse('Not an editor of that listing'),
  },
});

function tokenMatches(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function projectAtPath(db: Db, path: string): Promise<number | undefined> {
  const [, prefix, slug] = path.split('/') as [string, string, string];
  const [current] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.prefix, prefix), eq(projects.slug, slug)));
  if (current) return current.id;
  const [old] = await db
    .select({ id: projectSlugHistory.projectId })
    .from(projectSlugHistory)
    .where(and(eq(projectSlugHistory.prefix, prefix), eq(projectSlugHistory.slug, slug)));
  return old?.id;
}

async function mayPurge(c: Context<AppEnv>, path: string, token: string | undefined) {
  const deps = c.get('deps');
  if (tokenMatches(token, deps.settings.listings.purgeToken)) return;
  if (token) throw forbidden('The purge token is not valid.');
  const user = c.get('user');
  if (!user) throw sessionRequired();
  if (!user.emailVerified) throw emailNotVerified();
  const projectId = await projectAtPath(deps.database.db, path);
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
