import {
  checkStageChange,
  ERROR_CODES,
  listingPublicPath,
  MEDIA_LIMITS,
  type MediaKind,
  STAGE_LABELS,
} from '@offplan/shared';
import type { Context } from 'hono';
import { audit } from '../../lib/audit.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { mediaStorageFor } from '../../lib/media-storage.ts';
import { purgePublicPaths } from '../../lib/page-cache.ts';
import { createRouter } from '../../lib/router.ts';
import type { SignedInEnv } from '../../middlewares/guards.ts';
import { searchAddresses } from '../gazetteer/gazetteer.handlers.ts';
import { loadViewer, type Viewer } from '../projects/project-access.ts';
import { refreshRecommendationsForProjects } from '../projects/recommendations.repository.ts';
import { requireListingEditor } from './listing-editor.ts';
import { processUpload, storedUrlsOf } from './listing-media.ts';
import {
  addMedia,
  arrangeMedia,
  configurationIdsOf,
  countMedia,
  createListing,
  findDuplicate,
  findExistingProjects,
  type ListingChanges,
  loadListingParts,
  mediaKindsOf,
  type ProjectRow,
  removeMedia,
  toListing,
  updateListing,
} from './listings.repository.ts';
import {
  deleteListingMedia,
  getListing,
  getSearchAdd,
  patchListing,
  patchListingMedia,
  postListing,
  postListingMedia,
} from './listings.routes.ts';

export const listingsRouter = createRouter();

/** A handler's context once its guard proved the user (middlewares/guards.ts). */
// biome-ignore lint/suspicious/noExplicitAny: helpers serve every route, whatever its path and input.
type SignedInContext = Context<SignedInEnv & AppEnv, any, any>;

/**
 * audit() takes the request context as the app declares it; a guard only narrowed `user` and `session`
 * to not-null, which TypeScript cannot see through (a context's `set` makes it invariant).
 */
const auditIn = (c: SignedInContext, entry: Parameters<typeof audit>[1], tx: Parameters<typeof audit>[2]) =>
  audit(c as unknown as Context<AppEnv>, entry, tx);

/** A refusal naming the field it is about, in the one error shape. */
const fieldError = (status: 400 | 403, field: string, message: string, summary = message) =>
  new AppError(status, status === 400 ? ERROR_CODES.validation : ERROR_CODES.forbidden, summary, {
    [field]: message,
  });

const noFreePath = () => conflict('Could not find a free public path for this title.');

async function listingOf(c: SignedInContext, id: number, isAdmin: boolean) {
  const parts = await loadListingParts(c.get('deps').database.db, id);
  if (!parts) throw notFound('No such project.');
  return toListing(parts, { isAdmin });
}

/** Purges the listing's public page(s) after a save; a purge failure never fails the save. */
async function purgeAfterSave(c: SignedInContext, paths: string[]) {
  try {
    await purgePublicPaths(c.get('deps'), paths, c.get('log'));
  } catch (error) {
    c.get('log').error({ err: error, paths }, 'public page purge failed');
  }
}

// Registered before /api/listings/{id} so "search-add" is never read as an id.
listingsRouter.openapi(getSearchAdd, async (c) => {
  const { q } = c.req.valid('query');
  const db = c.get('deps').database.db;
  const viewer = await loadViewer(db, c.get('user'));
  const [existing, addresses] = await Promise.all([
    findExistingProjects(db, viewer, q),
    q.trim().length >= 2 ? searchAddresses(c.get('deps'), q, c.get('log'), 8) : Promise.resolve([]),
  ]);
  return c.json({ ...existing, addresses }, 200);
});

/**
 * The 409 of a duplicate draft. A project the caller may find is named with what to do (open, claim,
 * request access); of one they may not (another organisation's, off the marketplace) only that it exists
 * and where to ask for access: issue 15 finding 4.
 */
async function duplicateAnswer(c: SignedInContext, viewer: Viewer, title: string, fullAddress: string) {
  const duplicate = await findDuplicate(c.get('deps').database.db, viewer, title, fullAddress);
  if (!duplicate) return null;
  const code = ERROR_CODES.duplicateProject;
  if (!duplicate.visible) {
    const requestAccessUrl = c.get('deps').settings.contactUrl;
    const message = `A listing with this title and address already exists. To request access to it, contact us: ${requestAccessUrl}`;
    return { error: { code, message, requestAccessUrl } };
  }
  const { project } = duplicate;
  const message =
    project.relation === 'member'
      ? 'This project is already listed and it is yours: open it instead.'
      : project.relation === 'claim'
        ? 'This project is already listed: claim it instead of adding it again.'
        : 'This project is already listed by another organisation: request access instead.';
  return { error: { code, message, existing: project } };
}

listingsRouter.openapi(postListing, async (c) => {
  const draft = c.req.valid('json');
  const db = c.get('deps').database.db;
  const user = c.get('user');
  const viewer = await loadViewer(db, user);
  const organisationId = viewer.organisationIds[0] ?? null;
  if (!viewer.isAdmin && !organisationId) {
    throw forbidden('Join or create an organisation before adding a project: new projects belong to it.');
  }
  // Design §2: NOT_PROCEEDING is a terminal stage only an admin sets, from the start too.
  if (!viewer.isAdmin && draft.stage === 'NOT_PROCEEDING') {
    throw fieldError(403, 'stage', 'Only an admin can mark a project as not proceeding.');
  }
  const duplicate = await duplicateAnswer(c, viewer, draft.title, draft.address.fullAddress);
  if (duplicate) return c.json(duplicate, 409);
  const id = await createListing(
    db,
    {
      draft,
      organisationId: viewer.isAdmin ? null : organisationId,
      createdById: user.id,
      creatorJoins: !viewer.isAdmin,
    },
    (tx, created) =>
      auditIn(
        c,
        {
          action: 'listing.create',
          targetType: 'project',
          targetId: String(created.id),
          data: { title: draft.title },
        },
        tx,
      ),
  );
  if (id === null) throw noFreePath();
  // A new listing is an input of automatic recommendations (issue 22 part 5).
  await refreshRecommendationsForProjects(db, [id]);
  return c.json({ listing: await listingOf(c, id, viewer.isAdmin) }, 201);
});

listingsRouter.openapi(getListing, async (c) => {
  const { id } = c.req.valid('param');
  const { viewer } = await requireListingEditor(c.get('deps').database.db, c.get('user'), id);
  return c.json({ listing: await listingOf(c, id, viewer.isAdmin) }, 200);
});

/** Design §2: what only an admin may change (campaign type, a stage back or to NOT_PROCEEDING). */
function refuseAdminOnlyChanges(project: ProjectRow, changes: ListingChanges, isAdmin: boolean) {
  if (changes.campaignType !== undefined && changes.campaignType !== project.campaignType && !isAdmin) {
    throw fieldError(403, 'campaignType', 'Only admins set the campaign type.');
  }
  if (changes.stage === undefined) return;
  const check = checkStageChange(project.stage, changes.stage, isAdmin);
  if (check.ok) return;
  const message =
    check.reason === 'terminal'
      ? 'This project is not proceeding; only an admin can change its stage.'
      : changes.stage === 'NOT_PROCEEDING'
        ? 'Only an admin can mark a project as not proceeding.'
        : `The stage moves forward only; ask an admin to move it back to ${STAGE_LABELS[changes.stage]}.`;
  throw fieldError(403, 'stage', message);
}

/** Configurations named by id must be this listing's. */
async function refuseForeignConfigurations(c: SignedInContext, projectId: number, changes: ListingChanges) {
  if (!changes.configurations) return;
  const known = await configurationIdsOf(c.get('deps').database.db, projectId);
  const seen = new Set<number>();
  changes.configurations.forEach((configuration, index) => {
    // Each row is saved once, in one statement: an id named twice cannot be both rows.
    if (configuration.id !== undefined && seen.has(configuration.id)) {
      throw fieldError(
        400,
        `configurations.${index}.id`,
        'This configuration is listed twice.',
        'A configuration is listed twice.',
      );
    }
    if (configuration.id !== undefined) seen.add(configuration.id);
    if (configuration.id !== undefined && !known.has(configuration.id)) {
      throw fieldError(
        400,
        `configurations.${index}.id`,
        'Not a configuration of this listing.',
        'A configuration is not one of this listing.',
      );
    }
  });
}

listingsRouter.openapi(patchListing, async (c) => {
  const { id } = c.req.valid('param');
  const changes = c.req.valid('json');
  const db = c.get('deps').database.db;
  const { project, viewer } = await requireListingEditor(db, c.get('user'), id);
  refuseAdminOnlyChanges(project, changes, viewer.isAdmin);
  await refuseForeignConfigurations(c, id, changes);
  const paths = await updateListing(db, project, changes, (tx, saved) =>
    auditIn(
      c,
      {
        action: 'listing.update',
        targetType: 'project',
        targetId: String(id),
        data: {
          fields: Object.keys(changes),
          ...(saved.moved ? { from: saved.from, to: saved.to } : {}),
        },
      },
      tx,
    ),
  );
  if (!paths) throw noFreePath();
  // Its names, website, stage and sales status decide who is recommended it (issue 22 part 5).
  await refreshRecommendationsForProjects(db, [id]);
  await purgeAfterSave(c, [paths.from, paths.to]);
  return c.json({ listing: await listingOf(c, id, viewer.isAdmin) }, 200);
});

const tooManyFiles = (max: number) =>
  new AppError(400, ERROR_CODES.tooManyFiles, `A listing holds at most ${max} files of this kind.`, {
    file: `At most ${max} files of this kind.`,
  });

listingsRouter.openapi(postListingMedia, async (c) => {
  const { id } = c.req.valid('param');
  const form = c.req.valid('form') as { kind: MediaKind; file?: unknown };
  const db = c.get('deps').database.db;
  const { project, viewer } = await requireListingEditor(db, c.get('user'), id);
  const file = form.file;
  if (!(file instanceof File)) {
    throw fieldError(400, 'file', 'Choose a file to upload.');
  }
  const max = form.kind === 'image' ? MEDIA_LIMITS.maxImagesPerListing : MEDIA_LIMITS.maxDocumentsPerKind;
  // Checked before the file is processed (a full listing answers at once), and again under a lock.
  if ((await countMedia(db, id, form.kind)) >= max) throw tooManyFiles(max);
  const storage = mediaStorageFor(c.get('deps').settings);
  const stored = await processUpload(storage, id, form.kind, file);
  const { urls, url, fileName, mimeType, sizeBytes, width, height } = stored;
  let added: Awaited<ReturnType<typeof addMedia>>;
  try {
    added = await addMedia(
      db,
      id,
      { kind: form.kind, url, fileName, mimeType, sizeBytes, width, height },
      max,
      (tx, { mediaId }) =>
        auditIn(
          c,
          {
            action: 'listing.media_add',
            targetType: 'project',
            targetId: String(id),
            data: { mediaId, kind: form.kind, fileName },
          },
          tx,
        ),
    );
  } catch (error) {
    await Promise.all(urls.map((stale) => storage.remove(stale)));
    throw error;
  }
  if (added === 'full') {
    await Promise.all(urls.map((stale) => storage.remove(stale)));
    throw tooManyFiles(max);
  }
  await purgeAfterSave(c, [listingPublicPath(project)]);
  const listing = await listingOf(c, id, viewer.isAdmin);
  const media = [...listing.images, ...listing.brochures, ...listing.floorplans].find(
    (m) => m.id === added.mediaId,
  )!;
  return c.json({ media, listing }, 201);
});

/** An arrangement names media of this listing: the order one kind, each once, all of it; the hero an image. */
function refuseBadArrangement(
  rows: { id: number; kind: MediaKind }[],
  arrangement: { order?: number[]; heroId?: number },
) {
  const kindOf = new Map(rows.map((row) => [row.id, row.kind]));
  const { order, heroId } = arrangement;
  if (order) {
    const kinds = new Set(order.map((mediaId) => kindOf.get(mediaId)));
    if (kinds.has(undefined) || kinds.size > 1 || new Set(order).size !== order.length) {
      throw fieldError(
        400,
        'order',
        'List media of this listing, of one kind, once each.',
        'Order lists media of this listing, of one kind, once each.',
      );
    }
    const kind = [...kinds][0]!;
    if (rows.filter((row) => row.kind === kind).length !== order.length) {
      throw fieldError(
        400,
        'order',
        'List every file of that kind.',
        'Order must list every file of that kind.',
      );
    }
  }
  if (heroId !== undefined && kindOf.get(heroId) !== 'image') {
    throw fieldError(
      400,
      'heroId',
      'Choose an image of this listing.',
      'The hero must be an image of this listing.',
    );
  }
}

listingsRouter.openapi(patchListingMedia, async (c) => {
  const { id } = c.req.valid('param');
  const arrangement = c.req.valid('json');
  const db = c.get('deps').database.db;
  const { project, viewer } = await requireListingEditor(db, c.get('user'), id);
  refuseBadArrangement(await mediaKindsOf(db, id), arrangement);
  await arrangeMedia(db, id, arrangement, (tx) =>
    auditIn(
      c,
      { action: 'listing.media_arrange', targetType: 'project', targetId: String(id), data: arrangement },
      tx,
    ),
  );
  await purgeAfterSave(c, [listingPublicPath(project)]);
  return c.json({ listing: await listingOf(c, id, viewer.isAdmin) }, 200);
});

listingsRouter.openapi(deleteListingMedia, async (c) => {
  const { id, mediaId } = c.req.valid('param');
  const db = c.get('deps').database.db;
  const { project, viewer } = await requireListingEditor(db, c.get('user'), id);
  const removed = await removeMedia(db, id, mediaId, (tx, row) =>
    auditIn(
      c,
      {
        action: 'listing.media_remove',
        targetType: 'project',
        targetId: String(id),
        data: { mediaId, kind: row.kind },
      },
      tx,
    ),
  );
  if (!removed) throw notFound('No such file on this listing.');
  const storage = mediaStorageFor(c.get('deps').settings);
  await Promise.all(storedUrlsOf(removed).map((url) => storage.remove(url)));
  await purgeAfterSave(c, [listingPublicPath(project)]);
  return c.json({ listing: await listingOf(c, id, viewer.isAdmin) }, 200);
});
