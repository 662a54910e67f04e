import {
  hasPermission,
  type Listing,
  type ListingMediaItem,
  listingPublicPath,
  SALES_STATUS_LABELS,
  type SearchAddProject,
  STAGE_LABELS,
  slugify,
  videoIdFromLink,
} from '@offplan/shared';
import { and, asc, eq, ilike, like, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import {
  projectConfigurations,
  projectMedia,
  projectMembers,
  projectSlugHistory,
  projects,
} from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { loadViewer, readsInFull, type Viewer, visibleTo } from '../projects/project-access.ts';

export type ProjectRow = typeof projects.$inferSelect;
export type MediaRow = typeof projectMedia.$inferSelect;

/** Uploaded images are stored as `{base}-1600.webp` with a `{base}-800.webp` beside it. */
export const LARGE_SUFFIX = '-1600.webp';
export const SMALL_SUFFIX = '-800.webp';
export const thumbnailOf = (url: string) =>
  url.endsWith(LARGE_SUFFIX) ? `${url.slice(0, -LARGE_SUFFIX.length)}${SMALL_SUFFIX}` : url;

export function toMediaItem(row: MediaRow): ListingMediaItem {
  return {
    id: row.id,
    kind: row.kind,
    url: row.url,
    thumbnailUrl: row.kind === 'image' ? thumbnailOf(row.url) : row.url,
    fileName: row.fileName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    position: row.position,
    isHero: row.isHero,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** Images hero first then by position; documents by position. */
export const sortMedia = (rows: MediaRow[]) =>
  [...rows].sort((a, b) => Number(b.isHero) - Number(a.isHero) || a.position - b.position || a.id - b.id);

export async function loadProjectRow(db: Db, id: number): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row;
}

export type ListingParts = {
  project: ProjectRow;
  configurations: (typeof projectConfigurations.$inferSelect)[];
  media: MediaRow[];
};

export async function loadListingParts(db: Db, id: number): Promise<ListingParts | undefined> {
  const project = await loadProjectRow(db, id);
  if (!project) return undefined;
  const [configurations, media] = await Promise.all([
    db
      .select()
      .from(projectConfigurations)
      .where(eq(projectConfigurations.projectId, id))
      .orderBy(asc(projectConfigurations.position), asc(projectConfigurations.id)),
    db.select().from(projectMedia).where(eq(projectMedia.projectId, id)),
  ]);
  return { project, configurations, media };
}

export function toListing(parts: ListingParts, viewer: { isAdmin: boolean }): Listing {
  const { project: p, configurations, media } = parts;
  const sorted = sortMedia(media);
  const images = sorted.filter((m) => m.kind === 'image').map(toMediaItem);
  const brochures = sorted.filter((m) => m.kind === 'brochure').map(toMediaItem);
  const floorplans = sorted.filter((m) => m.kind === 'floorplan').map(toMediaItem);
  return {
    id: p.id,
    name: p.name,
    title: p.title,
    description: p.description,
    developerName: p.developerName,
    builderName: p.builderName,
    marketerName: p.marketerName,
    buildingType: p.buildingType,
    projectType: p.projectType,
    stage: p.stage,
    stageLabel: STAGE_LABELS[p.stage],
    salesStatus: p.salesStatus,
    salesStatusLabel: SALES_STATUS_LABELS[p.salesStatus],
    salesPeriodStage: p.salesPeriodStage,
    campaignType: p.campaignType,
    address: {
      fullAddress: p.fullAddress,
      streetNumber: p.streetNumber,
      streetName: p.streetName,
      suburb: p.suburb,
      state: p.state,
      postcode: p.postcode,
      lga: p.lga,
      country: p.country,
      lat: p.lat,
      lng: p.lng,
    },
    amenities: p.amenities,
    estimatedCompletionQuarter: p.estimatedCompletionQuarter,
    estimatedCompletionYear: p.estimatedCompletionYear,
    videoUrl: p.videoUrl,
    videoId: videoIdFromLink(p.videoUrl),
    website: p.website,
    displaySuiteAddress: p.displaySuiteAddress,
    displaySuiteHours: p.displaySuiteHours,
    prefix: p.prefix,
    slug: p.slug,
    publicPath: listingPublicPath(p),
    organisationId: p.organisationId,
    configurations: configurations.map((c) => ({
      id: c.id,
      name: c.name,
      bedrooms: c.bedrooms,
      bathrooms: c.bathrooms,
      carSpaces: c.carSpaces,
      priceFrom: c.priceFrom,
      priceTo: c.priceTo,
      internalSizeSqm: c.internalSizeSqm,
      stockAvailable: c.stockAvailable,
    })),
    images,
    brochures,
    floorplans,
    completeness: {
      brochure: brochures.length > 0,
      floorplans: floorplans.length > 0,
      configurations: configurations.length > 0,
      images: images.length > 0,
      video: videoIdFromLink(p.videoUrl) !== null,
    },
    canEditCampaignType: viewer.isAdmin,
    canMoveStageBack: viewer.isAdmin,
    createdAt: new Date(p.createdAt).toISOString(),
    updatedAt: new Date(p.updatedAt).toISOString(),
  };
}

/**
 * Who may read a listing in full and edit it (design §1–§2): platform admins, and approved members
 * (or members of the owning organisation) who hold `projects.edit`. Recommended-only users, other
 * organisations and the rest get 403; a missing project 404.
 */
export async function requireListingEditor(
  db: Db,
  user: { id: string; role?: string | null; jobRoleId?: number | null },
  projectId: number,
): Promise<{ project: ProjectRow; viewer: Viewer }> {
  const project = await loadProjectRow(db, projectId);
  if (!project) throw notFound('No such project.');
  const viewer = await loadViewer(db, user);
  if (viewer.isAdmin) return { project, viewer };
  const [membership] = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, user.id)));
  if (!readsInFull(viewer, project, Boolean(membership))) {
    throw forbidden('Only approved members of this project can open its listing. Request access to edit it.');
  }
  const allowed = hasPermission(
    { isAdmin: false, jobRoleId: user.jobRoleId ?? null, organisationRole: viewer.organisationRole },
    'projects.edit',
  );
  if (!allowed) throw forbidden('You do not have permission to edit listings.');
  return { project, viewer };
}

/** A slug for title + suburb that no other listing uses (or used) under this prefix. */
export async function uniqueSlug(db: Db, prefix: string, title: string, suburb: string, projectId?: number) {
  const base = slugify(title, suburb) || 'listing';
  // Slugs are [a-z0-9-] only, so `base` holds no LIKE wildcards. Two queries, not two per candidate.
  const current = await db
    .select({ slug: projects.slug })
    .from(projects)
    .where(
      and(
        eq(projects.prefix, prefix),
        or(eq(projects.slug, base), like(projects.slug, `${base}-%`)),
        ...(projectId ? [ne(projects.id, projectId)] : []),
      ),
    );
  const history = await db
    .select({ slug: projectSlugHistory.slug, projectId: projectSlugHistory.projectId })
    .from(projectSlugHistory)
    .where(
      and(
        eq(projectSlugHistory.prefix, prefix),
        or(eq(projectSlugHistory.slug, base), like(projectSlugHistory.slug, `${base}-%`)),
      ),
    );
  const taken = new Set([
    ...current.map((row) => row.slug),
    ...history.filter((row) => row.projectId !== projectId).map((row) => row.slug),
  ]);
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
  throw new AppError(409, 'CONFLICT', 'Could not find a free public path for this title.');
}

const normaliseKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
export const keySql = (column: typeof projects.title | typeof projects.fullAddress) =>
  sql`trim(regexp_replace(replace(lower(${column}), '&', 'and'), '[^a-z0-9]+', ' ', 'g'))`;

async function relationOf(db: Db, viewer: Viewer, rows: ProjectRow[]): Promise<SearchAddProject[]> {
  if (!rows.length) return [];
  const memberOf = new Set(
    (
      await db
        .select({ projectId: projectMembers.projectId })
        .from(projectMembers)
        .where(eq(projectMembers.userId, viewer.userId))
    ).map((row) => row.projectId),
  );
  return rows.map((p) => ({
    id: p.id,
    title: p.title,
    fullAddress: p.fullAddress,
    suburb: p.suburb,
    state: p.state,
    salesStatus: p.salesStatus,
    stage: p.stage,
    prefix: p.prefix,
    slug: p.slug,
    claimed: p.organisationId !== null,
    relation:
      memberOf.has(p.id) || (p.organisationId !== null && viewer.organisationIds.includes(p.organisationId))
        ? 'member'
        : p.organisationId === null
          ? 'claim'
          : 'request',
  }));
}

/**
 * Existing projects for search-add: by title or address; the exact match (same title or same address)
 * first. Only projects the viewer may find at all (HIDDEN and NOT_PROCEEDING ones of others are off
 * the marketplace, design §2).
 */
export async function findExistingProjects(db: Db, viewer: Viewer, query: string) {
  const text = query.trim();
  if (text.length < 2) return { exactMatch: null, projects: [] as SearchAddProject[] };
  const key = normaliseKey(text);
  const rows = await db
    .select()
    .from(projects)
    .where(
      and(
        visibleTo(db, viewer),
        or(
          ilike(projects.title, containsPattern(text)),
          ilike(projects.fullAddress, containsPattern(text)),
          ilike(projects.name, containsPattern(text)),
          eq(keySql(projects.title), key),
          eq(keySql(projects.fullAddress), key),
        ),
      ),
    )
    .orderBy(
      sql`case when ${keySql(projects.title)} = ${key} or ${keySql(projects.fullAddress)} = ${key} then 0 else 1 end`,
      asc(projects.title),
    )
    .limit(10);
  const list = await relationOf(db, viewer, rows);
  const exact = rows.findIndex(
    (row) => normaliseKey(row.title) === key || normaliseKey(row.fullAddress) === key,
  );
  return { exactMatch: exact >= 0 ? list[exact]! : null, projects: list };
}

/** The project with the same title and address, if any (POST /api/listings refuses a duplicate). */
export async function findDuplicate(db: Db, viewer: Viewer, title: string, fullAddress: string) {
  const rows = await db
    .select()
    .from(projects)
    .where(
      and(
        eq(keySql(projects.title), normaliseKey(title)),
        eq(keySql(projects.fullAddress), normaliseKey(fullAddress)),
      ),
    )
    .limit(1);
  const [found] = await relationOf(db, viewer, rows);
  return found;
}
