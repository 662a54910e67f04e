import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectSlugHistory, projects } from '../../db/schema/index.ts';
import { onMarketplace } from '../projects/project-access.ts';

/** The project whose current public path is /{prefix}/{slug}, if any. */
export async function projectIdAtCurrentPath(db: Db, prefix: string, slug: string) {
  const [current] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.prefix, prefix), eq(projects.slug, slug)));
  return current?.id;
}

/**
 * Where a listing that used to live at /{prefix}/{slug} lives now. A listing off the marketplace does
 * not say where it went (its new title) from an old path: null then, as for an unknown path.
 */
export async function movedListingPath(db: Db, prefix: string, slug: string) {
  const [moved] = await db
    .select({ prefix: projects.prefix, slug: projects.slug })
    .from(projectSlugHistory)
    .innerJoin(projects, eq(projects.id, projectSlugHistory.projectId))
    .where(and(eq(projectSlugHistory.prefix, prefix), eq(projectSlugHistory.slug, slug), onMarketplace));
  return moved ?? null;
}

/** The project at a public path, current or former, whatever its status (who may purge it). */
export async function projectIdAtAnyPath(db: Db, prefix: string, slug: string) {
  const current = await projectIdAtCurrentPath(db, prefix, slug);
  if (current !== undefined) return current;
  const [old] = await db
    .select({ id: projectSlugHistory.projectId })
    .from(projectSlugHistory)
    .where(and(eq(projectSlugHistory.prefix, prefix), eq(projectSlugHistory.slug, slug)));
  return old?.id;
}
