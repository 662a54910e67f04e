import {
  type Listing,
  type ListingMediaItem,
  listingPublicPath,
  type listingUpdateSchema,
  type MediaKind,
  NEW_PROJECT_DEFAULTS,
  type newProjectDraftSchema,
  SALES_STATUS_LABELS,
  type SearchAddProject,
  STAGE_LABELS,
  slugify,
  videoIdFromLink,
} from '@offplan/shared';
import { and, asc, desc, eq, ilike, inArray, like, ne, notInArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import {
  projectConfigurations,
  projectMedia,
  projectMembers,
  projectSlugHistory,
  projects,
} from '../../db/schema/index.ts';
import { loadViewer, readsInFull, type Viewer, visibleTo } from '../projects/project-access.ts';

export type ProjectRow = typeof projects.$inferSelect;
export type MediaRow = typeof projectMedia.$inferSelect;
export type ListingChanges = z.output<typeof listingUpdateSchema>;
type NewProjectDraftOutput = z.output<typeof newProjectDraftSchema>;

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

/** What the listing editor's check finds: no such project, a caller who may not read it in full, or both. */
export type ListingAccess = 'missing' | 'not-reader' | { project: ProjectRow; viewer: Viewer };

/**
 * Whether the user may read a listing in full (design §1–§2): platform admins, and approved members or
 * members of the owning organisation. Whether they may also edit it (`projects.edit`) is the caller's
 * permission check (lib/permissions.ts).
 */
export async function findListingAccess(
  db: Db,
  user: { id: string; role?: string | null },
  projectId: number,
): Promise<ListingAccess> {
  const project = await loadProjectRow(db, projectId);
  if (!project) return 'missing';
  const viewer = await loadViewer(db, user);
  if (viewer.isAdmin) return { project, viewer };
  const [membership] = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, user.id)));
  return readsInFull(viewer, project, Boolean(membership)) ? { project, viewer } : 'not-reader';
}

/**
 * A slug for title + suburb that no other listing uses (or used) under this prefix; null when the
 * first thousand are all taken.
 */
export async function uniqueSlug(
  db: Db,
  prefix: string,
  title: string,
  suburb: string,
  projectId?: number,
): Promise<string | null> {
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
  return null;
}

/** Done inside the change's transaction (its audit row): the change and its record commit together. */
export type AlongWith<T> = (tx: Db, changed: T) => Promise<void>;

/** Thrown inside a transaction to roll it back; the function that started it answers its result. */
class Rollback<T> {
  constructor(readonly result: T) {}
}

async function inTransaction<T, R>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  onRollback: (result: R) => T | R,
): Promise<T | R> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (error instanceof Rollback) return onRollback(error.result as R);
    throw error;
  }
}

export type NewListing = {
  draft: NewProjectDraftOutput;
  /** The creator's organisation; null for a platform admin (an unowned draft). */
  organisationId: string | null;
  createdById: string;
  /** Whether the creator becomes an approved member (everyone but platform admins). */
  creatorJoins: boolean;
};

/** Creates a draft listing (spec §3 defaults) and its first member; null when no public path is free. */
export async function createListing(
  db: Db,
  listing: NewListing,
  alongWith: AlongWith<{ id: number }>,
): Promise<number | null> {
  const { draft } = listing;
  const prefix = draft.address.state.toLowerCase();
  return db.transaction(async (tx) => {
    const slug = await uniqueSlug(tx, prefix, draft.title, draft.address.suburb);
    if (!slug) return null;
    const { address } = draft;
    const [row] = await tx
      .insert(projects)
      .values({
        name: `${draft.title} (${address.suburb} ${address.state})`,
        title: draft.title,
        buildingType: draft.buildingType ?? NEW_PROJECT_DEFAULTS.buildingType,
        projectType: draft.projectType ?? null,
        salesStatus: draft.salesStatus,
        stage: draft.stage,
        ...address,
        prefix,
        slug,
        organisationId: listing.organisationId,
        createdById: listing.createdById,
      })
      .returning({ id: projects.id });
    const id = row!.id;
    if (listing.creatorJoins) {
      await tx.insert(projectMembers).values({ projectId: id, userId: listing.createdById });
    }
    await alongWith(tx, { id });
    return id;
  });
}

/** The ids of a listing's configurations (an update may name only these). */
export async function configurationIdsOf(db: Db, projectId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: projectConfigurations.id })
    .from(projectConfigurations)
    .where(eq(projectConfigurations.projectId, projectId));
  return new Set(rows.map((row) => row.id));
}

/** The old public path now redirects to the new one; coming back to an earlier path makes it current again. */
async function moveSlug(tx: Db, project: ProjectRow, prefix: string, slug: string) {
  await tx
    .insert(projectSlugHistory)
    .values({ prefix: project.prefix, slug: project.slug, projectId: project.id })
    .onConflictDoUpdate({
      target: [projectSlugHistory.prefix, projectSlugHistory.slug],
      set: { projectId: project.id, createdAt: new Date() },
    });
  await tx
    .delete(projectSlugHistory)
    .where(and(eq(projectSlugHistory.prefix, prefix), eq(projectSlugHistory.slug, slug)));
}

/** Replaces the configuration list: rows with an id are updated, others inserted, missing ones deleted. */
async function replaceConfigurations(
  tx: Db,
  projectId: number,
  configurations: NonNullable<ListingChanges['configurations']>,
) {
  const keep = configurations.flatMap((row) => (row.id !== undefined ? [row.id] : []));
  await tx
    .delete(projectConfigurations)
    .where(
      and(
        eq(projectConfigurations.projectId, projectId),
        ...(keep.length ? [notInArray(projectConfigurations.id, keep)] : []),
      ),
    );
  if (!configurations.length) return;
  // One statement for the whole list (issue 22 part 5): rows with an id update in place (only this
  // listing's: a foreign id conflicts and is left alone), rows without one are inserted.
  await tx
    .insert(projectConfigurations)
    .values(configurations.map(({ id, ...row }, position) => ({ ...row, id, projectId, position })))
    .onConflictDoUpdate({
      target: projectConfigurations.id,
      set: {
        name: sql`excluded.name`,
        bedrooms: sql`excluded.bedrooms`,
        bathrooms: sql`excluded.bathrooms`,
        carSpaces: sql`excluded.car_spaces`,
        priceFrom: sql`excluded.price_from`,
        priceTo: sql`excluded.price_to`,
        internalSizeSqm: sql`excluded.internal_size_sqm`,
        stockAvailable: sql`excluded.stock_available`,
        position: sql`excluded.position`,
      },
      setWhere: eq(projectConfigurations.projectId, projectId),
    });
}

/** Where a saved listing's public page was and is (the same path when neither moved). */
export type ListingPaths = { from: string; to: string; moved: boolean };

/**
 * Saves listing changes. A new title, suburb or state gives a new public path (the old one redirects);
 * null when no public path is free for the new title.
 */
export async function updateListing(
  db: Db,
  project: ProjectRow,
  changes: ListingChanges,
  alongWith: AlongWith<ListingPaths>,
): Promise<ListingPaths | null> {
  const { configurations, address = {}, ...fields } = changes;
  const title = changes.title ?? project.title;
  const suburb = address.suburb ?? project.suburb;
  const state = address.state ?? project.state;
  const prefix = state.toLowerCase();
  const moved = title !== project.title || suburb !== project.suburb || state !== project.state;
  const from = listingPublicPath(project);
  return inTransaction(
    db,
    async (tx) => {
      let slug = project.slug;
      if (moved) {
        const free = await uniqueSlug(tx, prefix, title, suburb, project.id);
        if (!free) throw new Rollback(null);
        slug = free;
        if (slug !== project.slug || prefix !== project.prefix) await moveSlug(tx, project, prefix, slug);
      }
      await tx
        .update(projects)
        .set({ ...fields, ...address, prefix, slug, updatedAt: new Date() })
        .where(eq(projects.id, project.id));
      if (configurations) await replaceConfigurations(tx, project.id, configurations);
      const paths = { from, to: listingPublicPath({ prefix, slug }), moved };
      await alongWith(tx, paths);
      return paths;
    },
    (result: null) => result,
  );
}

const touchProject = (tx: Db, projectId: number) =>
  tx.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, projectId));

/** How many files of one kind a listing holds. */
export async function countMedia(db: Db, projectId: number, kind: MediaKind): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(projectMedia)
    .where(and(eq(projectMedia.projectId, projectId), eq(projectMedia.kind, kind)));
  return row?.count ?? 0;
}

export type NewMedia = Pick<
  typeof projectMedia.$inferInsert,
  'kind' | 'url' | 'fileName' | 'mimeType' | 'sizeBytes' | 'width' | 'height'
>;

/**
 * Adds a stored file as the last of its kind (the first image becomes hero). 'full' when the listing
 * already holds `max` files of that kind: uploads to one listing take turns on the project row, so two
 * at once cannot both take the last place.
 */
export async function addMedia(
  db: Db,
  projectId: number,
  media: NewMedia,
  max: number,
  alongWith: AlongWith<{ mediaId: number }>,
): Promise<{ mediaId: number } | 'full'> {
  return inTransaction(
    db,
    async (tx) => {
      await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
      const [kept] = await tx
        .select({
          count: sql<number>`count(*)::int`,
          next: sql<number>`coalesce(max(${projectMedia.position}) + 1, 0)::int`,
          heroes: sql<number>`count(*) filter (where ${projectMedia.isHero})::int`,
        })
        .from(projectMedia)
        .where(and(eq(projectMedia.projectId, projectId), eq(projectMedia.kind, media.kind)));
      if ((kept?.count ?? 0) >= max) throw new Rollback('full' as const);
      const [row] = await tx
        .insert(projectMedia)
        .values({
          ...media,
          projectId,
          position: kept?.next ?? 0,
          isHero: media.kind === 'image' && (kept?.heroes ?? 0) === 0,
        })
        .returning({ id: projectMedia.id });
      await touchProject(tx, projectId);
      const added = { mediaId: row!.id };
      await alongWith(tx, added);
      return added;
    },
    (result: 'full') => result,
  );
}

/** Every media row of a listing, by id and kind (to check an arrangement against). */
export async function mediaKindsOf(db: Db, projectId: number) {
  return db
    .select({ id: projectMedia.id, kind: projectMedia.kind })
    .from(projectMedia)
    .where(eq(projectMedia.projectId, projectId));
}

/** Saves a new order of media (ids of one kind) and/or a new hero image. */
export async function arrangeMedia(
  db: Db,
  projectId: number,
  arrangement: { order?: number[]; heroId?: number },
  alongWith: AlongWith<void>,
) {
  await db.transaction(async (tx) => {
    // One statement each (issue 22 part 5): each listed id takes its place in the list, and the hero
    // flag moves in a single pass over the listing's media.
    const order = arrangement.order ?? [];
    if (order.length) {
      const ids = sql`array[${sql.join(
        order.map((id) => sql`${id}`),
        sql`, `,
      )}]::integer[]`;
      await tx
        .update(projectMedia)
        .set({ position: sql`array_position(${ids}, ${projectMedia.id}) - 1` })
        .where(and(eq(projectMedia.projectId, projectId), inArray(projectMedia.id, order)));
    }
    if (arrangement.heroId !== undefined) {
      await tx
        .update(projectMedia)
        .set({ isHero: sql`${projectMedia.id} = ${arrangement.heroId}` })
        .where(eq(projectMedia.projectId, projectId));
    }
    await touchProject(tx, projectId);
    await alongWith(tx);
  });
}

/** Removes a media row (the next image becomes hero when the hero goes); null when it is not the listing's. */
export async function removeMedia(
  db: Db,
  projectId: number,
  mediaId: number,
  alongWith: AlongWith<MediaRow>,
): Promise<MediaRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(projectMedia)
      .where(and(eq(projectMedia.id, mediaId), eq(projectMedia.projectId, projectId)))
      .returning();
    if (!row) return null;
    if (row.isHero) {
      const [next] = await tx
        .select({ id: projectMedia.id })
        .from(projectMedia)
        .where(and(eq(projectMedia.projectId, projectId), eq(projectMedia.kind, 'image')))
        .orderBy(asc(projectMedia.position), asc(projectMedia.id))
        .limit(1);
      if (next) await tx.update(projectMedia).set({ isHero: true }).where(eq(projectMedia.id, next.id));
    }
    await touchProject(tx, projectId);
    await alongWith(tx, row);
    return row;
  });
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

/**
 * The project with the same title and address, if any (POST /api/listings refuses a duplicate). The
 * caller sees what it is only when they may find it at all (issue 15 finding 4): of a project off the
 * marketplace that is not theirs, only that it exists.
 */
export async function findDuplicate(
  db: Db,
  viewer: Viewer,
  title: string,
  fullAddress: string,
): Promise<{ visible: true; project: SearchAddProject } | { visible: false } | null> {
  const visibility = visibleTo(db, viewer);
  const visible = visibility ? sql<boolean>`coalesce((${visibility}), false)` : sql<boolean>`true`;
  const [row] = await db
    .select({ project: projects, visible })
    .from(projects)
    .where(
      and(
        eq(keySql(projects.title), normaliseKey(title)),
        eq(keySql(projects.fullAddress), normaliseKey(fullAddress)),
      ),
    )
    // A duplicate the caller may see first: it says what to do with it.
    // (PostgreSQL refuses a constant to order by: admins see every project, so nothing to order.)
    .orderBy(...(visibility ? [desc(visible)] : []))
    .limit(1);
  if (!row) return null;
  if (!row.visible) return { visible: false };
  const [project] = await relationOf(db, viewer, [row.project]);
  return { visible: true, project: project! };
}
