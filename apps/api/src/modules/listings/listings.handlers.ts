import {
  checkStageChange,
  ERROR_CODES,
  listingPublicPath,
  MEDIA_LIMITS,
  type MediaKind,
  NEW_PROJECT_DEFAULTS,
  STAGE_LABELS,
} from '@offplan/shared';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  projectConfigurations,
  projectMedia,
  projectMembers,
  projectSlugHistory,
  projects,
} from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { mediaStorageFor } from '../../lib/media-storage.ts';
import { purgePublicPaths } from '../../lib/page-cache.ts';
import { createRouter } from '../../lib/router.ts';
import { requireSession } from '../../middlewares/session.ts';
import { searchAddresses } from '../gazetteer/gazetteer.handlers.ts';
import { loadViewer } from '../projects/project-access.ts';
import { processUpload, storedUrlsOf } from './listing-media.ts';
import {
  findDuplicate,
  findExistingProjects,
  loadListingParts,
  requireListingEditor,
  toListing,
  uniqueSlug,
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

listingsRouter.use('/api/listings', requireSession);
listingsRouter.use('/api/listings/*', requireSession);

/** A refusal naming the field it is about, in the one error shape. */
const fieldError = (status: 400 | 403, field: string, message: string, summary = message) =>
  new AppError(status, status === 400 ? ERROR_CODES.validation : ERROR_CODES.forbidden, summary, {
    [field]: message,
  });

const userOf = (c: Context<AppEnv>) =>
  c.get('user')! as { id: string; role?: string | null; jobRoleId?: number | null };

async function listingOf(c: Context<AppEnv>, id: number, isAdmin: boolean) {
  const parts = await loadListingParts(c.get('deps').database.db, id);
  if (!parts) throw notFound('No such project.');
  return toListing(parts, { isAdmin });
}

/** Purges the listing's public page(s) after a save; a purge failure never fails the save. */
async function purgeAfterSave(c: Context<AppEnv>, paths: string[]) {
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
  const viewer = await loadViewer(db, userOf(c));
  const [existing, addresses] = await Promise.all([
    findExistingProjects(db, viewer, q),
    q.trim().length >= 2 ? searchAddresses(c.get('deps'), q, c.get('log'), 8) : Promise.resolve([]),
  ]);
  return c.json({ ...existing, addresses }, 200);
});

listingsRouter.openapi(postListing, async (c) => {
  const draft = c.req.valid('json');
  const db = c.get('deps').database.db;
  const user = userOf(c);
  const viewer = await loadViewer(db, user);
  const organisationId = viewer.organisationIds[0] ?? null;
  if (!viewer.isAdmin && !organisationId) {
    throw forbidden('Join or create an organisation before adding a project: new projects belong to it.');
  }
  // Design §2: NOT_PROCEEDING is a terminal stage only an admin sets, from the start too.
  if (!viewer.isAdmin && draft.stage === 'NOT_PROCEEDING') {
    throw fieldError(403, 'stage', 'Only an admin can mark a project as not proceeding.');
  }
  const duplicate = await findDuplicate(db, viewer, draft.title, draft.address.fullAddress);
  if (duplicate) {
    return c.json(
      {
        error: {
          code: 'DUPLICATE_PROJECT' as const,
          message:
            duplicate.relation === 'member'
              ? 'This project is already listed and it is yours: open it instead.'
              : duplicate.relation === 'claim'
                ? 'This project is already listed: claim it instead of adding it again.'
                : 'This project is already listed by another organisation: request access instead.',
          existing: duplicate,
        },
      },
      409,
    );
  }
  const prefix = draft.address.state.toLowerCase();
  const id = await db.transaction(async (tx) => {
    const slug = await uniqueSlug(tx, prefix, draft.title, draft.address.suburb);
    const [row] = await tx
      .insert(projects)
      .values({
        name: `${draft.title} (${draft.address.suburb} ${draft.address.state})`,
        title: draft.title,
        buildingType: draft.buildingType ?? NEW_PROJECT_DEFAULTS.buildingType,
        projectType: draft.projectType ?? null,
        salesStatus: draft.salesStatus,
        stage: draft.stage,
        fullAddress: draft.address.fullAddress,
        streetNumber: draft.address.streetNumber,
        streetName: draft.address.streetName,
        suburb: draft.address.suburb,
        state: draft.address.state,
        postcode: draft.address.postcode,
        lga: draft.address.lga,
        country: draft.address.country,
        lat: draft.address.lat,
        lng: draft.address.lng,
        prefix,
        slug,
        organisationId: viewer.isAdmin ? null : organisationId,
        createdById: user.id,
      })
      .returning({ id: projects.id });
    if (!viewer.isAdmin) await tx.insert(projectMembers).values({ projectId: row!.id, userId: user.id });
    await audit(
      c,
      {
        action: 'listing.create',
        targetType: 'project',
        targetId: String(row!.id),
        data: { title: draft.title },
      },
      tx,
    );
    return row!.id;
  });
  return c.json({ listing: await listingOf(c, id, viewer.isAdmin) }, 201);
});

listingsRouter.openapi(getListing, async (c) => {
  const { id } = c.req.valid('param');
  const { viewer } = await requireListingEditor(c.get('deps').database.db, userOf(c), id);
  return c.json({ listing: await listingOf(c, id, viewer.isAdmin) }, 200);
});

listingsRouter.openapi(patchListing, async (c) => {
  const { id } = c.req.valid('param');
  const body = c.req.valid('json');
  const db = c.get('deps').database.db;
  const { project, viewer } = await requireListingEditor(db, userOf(c), id);

  if (body.campaignType !== undefined && body.campaignType !== project.campaignType && !viewer.isAdmin) {
    throw fieldError(403, 'campaignType', 'Only admins set the campaign type.');
  }
  if (body.stage !== undefined) {
    const check = checkStageChange(project.stage, body.stage, viewer.isAdmin);
    if (!check.ok) {
      const message =
        check.reason === 'terminal'
          ? 'This project is not proceeding; only an admin can change its stage.'
          : body.stage === 'NOT_PROCEEDING'
            ? 'Only an admin can mark a project as not proceeding.'
            : `The stage moves forward only; ask an admin to move it back to ${STAGE_LABELS[body.stage]}.`;
      throw fieldError(403, 'stage', message);
    }
  }
  if (body.configurations) {
    const known = new Set(
      (
        await db
          .select({ id: projectConfigurations.id })
          .from(projectConfigurations)
          .where(eq(projectConfigurations.projectId, id))
      ).map((row) => row.id),
    );
    body.configurations.forEach((configuration, index) => {
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

  const address = { ...body.address };
  const title = body.title ?? project.title;
  const suburb = address.suburb ?? project.suburb;
  const state = address.state ?? project.state;
  const prefix = state.toLowerCase();
  const pathChanges = title !== project.title || suburb !== project.suburb || state !== project.state;
  const oldPath = listingPublicPath(project);

  const newPath = await db.transaction(async (tx) => {
    let slug = project.slug;
    if (pathChanges) {
      slug = await uniqueSlug(tx, prefix, title, suburb, id);
      if (slug !== project.slug || prefix !== project.prefix) {
        await tx
          .insert(projectSlugHistory)
          .values({ prefix: project.prefix, slug: project.slug, projectId: id })
          .onConflictDoUpdate({
            target: [projectSlugHistory.prefix, projectSlugHistory.slug],
            set: { projectId: id, createdAt: new Date() },
          });
        // Coming back to an earlier path: it is current again, not a redirect.
        await tx
          .delete(projectSlugHistory)
          .where(and(eq(projectSlugHistory.prefix, prefix), eq(projectSlugHistory.slug, slug)));
      }
    }
    const { configurations, address: _address, ...fields } = body;
    await tx
      .update(projects)
      .set({
        ...fields,
        ...address,
        prefix,
        slug,
        updatedAt: new Date(),
      })
      .where(eq(projects.id, id));
    if (configurations) {
      const keep = configurations.flatMap((row) => (row.id !== undefined ? [row.id] : []));
      await tx
        .delete(projectConfigurations)
        .where(
          and(
            eq(projectConfigurations.projectId, id),
            ...(keep.length ? [notInArray(projectConfigurations.id, keep)] : []),
          ),
        );
      for (const [position, { id: configurationId, ...row }] of configurations.entries()) {
        if (configurationId !== undefined) {
          await tx
            .update(projectConfigurations)
            .set({ ...row, position })
            .where(
              and(eq(projectConfigurations.id, configurationId), eq(projectConfigurations.projectId, id)),
            );
        } else {
          await tx.insert(projectConfigurations).values({ ...row, projectId: id, position });
        }
      }
    }
    await audit(
      c,
      {
        action: 'listing.update',
        targetType: 'project',
        targetId: String(id),
        data: {
          fields: Object.keys(body),
          ...(pathChanges ? { from: oldPath, to: `/${prefix}/${slug}` } : {}),
        },
      },
      tx,
    );
    return `/${prefix}/${slug}`;
  });
  await purgeAfterSave(c, [oldPath, newPath]);
  return c.json({ listing: await listingOf(c, id, viewer.isAdmin) }, 200);
});

listingsRouter.openapi(postListingMedia, async (c) => {
  const { id } = c.req.valid('param');
  const form = c.req.valid('form') as { kind: MediaKind; file?: unknown };
  const db = c.get('deps').database.db;
  const { project, viewer } = await requireListingEditor(db, userOf(c), id);
  const file = form.file;
  if (!(file instanceof File)) {
    throw fieldError(400, 'file', 'Choose a file to upload.');
  }
  const max = form.kind === 'image' ? MEDIA_LIMITS.maxImagesPerListing : MEDIA_LIMITS.maxDocumentsPerKind;
  const refuseWhenFull = (count: number) => {
    if (count < max) return;
    throw new AppError(400, 'TOO_MANY_FILES', `A listing holds at most ${max} files of this kind.`, {
      file: `At most ${max} files of this kind.`,
    });
  };
  // Checked before the file is processed (a full listing answers at once), and again below under a lock.
  const [{ count }] = (await db
    .select({ count: sql<number>`count(*)::int` })
    .from(projectMedia)
    .where(and(eq(projectMedia.projectId, id), eq(projectMedia.kind, form.kind)))) as [{ count: number }];
  refuseWhenFull(count);
  const storage = mediaStorageFor(c.get('deps').settings);
  const stored = await processUpload(storage, id, form.kind, file);
  let mediaId: number;
  try {
    mediaId = await db.transaction(async (tx) => {
      // Uploads to one listing take turns here, so two at once cannot both take the last place.
      await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).for('update');
      const [{ count: kept, next, heroes }] = (await tx
        .select({
          count: sql<number>`count(*)::int`,
          next: sql<number>`coalesce(max(${projectMedia.position}) + 1, 0)::int`,
          heroes: sql<number>`count(*) filter (where ${projectMedia.isHero})::int`,
        })
        .from(projectMedia)
        .where(and(eq(projectMedia.projectId, id), eq(projectMedia.kind, form.kind)))) as [
        { count: number; next: number; heroes: number },
      ];
      refuseWhenFull(kept);
      const [row] = await tx
        .insert(projectMedia)
        .values({
          projectId: id,
          kind: form.kind,
          url: stored.url,
          fileName: stored.fileName,
          mimeType: stored.mimeType,
          sizeBytes: stored.sizeBytes,
          width: stored.width,
          height: stored.height,
          position: next,
          isHero: form.kind === 'image' && heroes === 0,
        })
        .returning({ id: projectMedia.id });
      await tx.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, id));
      await audit(
        c,
        {
          action: 'listing.media_add',
          targetType: 'project',
          targetId: String(id),
          data: { mediaId: row!.id, kind: form.kind, fileName: stored.fileName },
        },
        tx,
      );
      return row!.id;
    });
  } catch (error) {
    await Promise.all(stored.urls.map((url) => storage.remove(url)));
    throw error;
  }
  await purgeAfterSave(c, [listingPublicPath(project)]);
  const listing = await listingOf(c, id, viewer.isAdmin);
  const media = [...listing.images, ...listing.brochures, ...listing.floorplans].find(
    (m) => m.id === mediaId,
  )!;
  return c.json({ media, listing }, 201);
});

listingsRouter.openapi(patchListingMedia, async (c) => {
  const { id } = c.req.valid('param');
  const body = c.req.valid('json');
  const db = c.get('deps').database.db;
  const { project, viewer } = await requireListingEditor(db, userOf(c), id);
  const rows = await db
    .select({ id: projectMedia.id, kind: projectMedia.kind })
    .from(projectMedia)
    .where(eq(projectMedia.projectId, id));
  const kindOf = new Map(rows.map((row) => [row.id, row.kind]));
  if (body.order) {
    const kinds = new Set(body.order.map((mediaId) => kindOf.get(mediaId)));
    if (kinds.has(undefined) || kinds.size > 1 || new Set(body.order).size !== body.order.length) {
      throw fieldError(
        400,
        'order',
        'List media of this listing, of one kind, once each.',
        'Order lists media of this listing, of one kind, once each.',
      );
    }
    const kind = [...kinds][0]!;
    const ofKind = rows.filter((row) => row.kind === kind).length;
    if (ofKind !== body.order.length) {
      throw fieldError(
        400,
        'order',
        'List every file of that kind.',
        'Order must list every file of that kind.',
      );
    }
  }
  if (body.heroId !== undefined && kindOf.get(body.heroId) !== 'image') {
    throw fieldError(
      400,
      'heroId',
      'Choose an image of this listing.',
      'The hero must be an image of this listing.',
    );
  }
  await db.transaction(async (tx) => {
    if (body.order) {
      for (const [position, mediaId] of body.order.entries()) {
        await tx
          .update(projectMedia)
          .set({ position })
          .where(and(eq(projectMedia.id, mediaId), eq(projectMedia.projectId, id)));
      }
    }
    if (body.heroId !== undefined) {
      await tx.update(projectMedia).set({ isHero: false }).where(eq(projectMedia.projectId, id));
      await tx
        .update(projectMedia)
        .set({ isHero: true })
        .where(and(eq(projectMedia.id, body.heroId), eq(projectMedia.projectId, id)));
    }
    await tx.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, id));
    await audit(
      c,
      { action: 'listing.media_arrange', targetType: 'project', targetId: String(id), data: body },
      tx,
    );
  });
  await purgeAfterSave(c, [listingPublicPath(project)]);
  return c.json({ listing: await listingOf(c, id, viewer.isAdmin) }, 200);
});

listingsRouter.openapi(deleteListingMedia, async (c) => {
  const { id, mediaId } = c.req.valid('param');
  const db = c.get('deps').database.db;
  const { project, viewer } = await requireListingEditor(db, userOf(c), id);
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(projectMedia)
      .where(and(eq(projectMedia.id, mediaId), eq(projectMedia.projectId, id)))
      .returning();
    if (!row) return undefined;
    if (row.isHero) {
      const [next] = await tx
        .select({ id: projectMedia.id })
        .from(projectMedia)
        .where(and(eq(projectMedia.projectId, id), eq(projectMedia.kind, 'image')))
        .orderBy(asc(projectMedia.position), asc(projectMedia.id))
        .limit(1);
      if (next)
        await tx
          .update(projectMedia)
          .set({ isHero: true })
          .where(inArray(projectMedia.id, [next.id]));
    }
    await tx.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, id));
    await audit(
      c,
      {
        action: 'listing.media_remove',
        targetType: 'project',
        targetId: String(id),
        data: { mediaId, kind: row.kind },
      },
      tx,
    );
    return row;
  });
  if (!removed) throw notFound('No such file on this listing.');
  const storage = mediaStorageFor(c.get('deps').settings);
  await Promise.all(storedUrlsOf(removed).map((url) => storage.remove(url)));
  await purgeAfterSave(c, [listingPublicPath(project)]);
  return c.json({ listing: await listingOf(c, id, viewer.isAdmin) }, 200);
});
