import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  member,
  organization,
  projectConfigurations,
  projectMedia,
  projects,
  user,
} from '../../db/schema/index.ts';
import { type MediaRow, sortMedia } from '../listings/listings.repository.ts';

export type FeedProject = Pick<
  typeof projects.$inferSelect,
  | 'id'
  | 'title'
  | 'description'
  | 'buildingType'
  | 'projectType'
  | 'stage'
  | 'salesStatus'
  | 'fullAddress'
  | 'streetNumber'
  | 'streetName'
  | 'suburb'
  | 'state'
  | 'postcode'
  | 'lga'
  | 'prefix'
  | 'slug'
  | 'updatedAt'
>;
export type FeedConfiguration = typeof projectConfigurations.$inferSelect;
export type FeedImage = Pick<MediaRow, 'url' | 'mimeType' | 'createdAt'>;

/** The listing contact: the organisation's business phone and its first owner's name and email. */
export type FeedContact = { name: string; email: string | null; phone: string | null };

export type FeedListing = { project: FeedProject; configurations: FeedConfiguration[]; images: FeedImage[] };

/**
 * Every project of the organisation, whatever its status (a withdrawn or sold one stays in the feed so
 * an importing portal takes it down), with its configurations in the listing page's order and its
 * images hero first, as the listing page shows them.
 */
export async function feedListings(db: Db, organisationId: string): Promise<FeedListing[]> {
  const rows = await db
    .select({
      id: projects.id,
      title: projects.title,
      description: projects.description,
      buildingType: projects.buildingType,
      projectType: projects.projectType,
      stage: projects.stage,
      salesStatus: projects.salesStatus,
      fullAddress: projects.fullAddress,
      streetNumber: projects.streetNumber,
      streetName: projects.streetName,
      suburb: projects.suburb,
      state: projects.state,
      postcode: projects.postcode,
      lga: projects.lga,
      prefix: projects.prefix,
      slug: projects.slug,
      updatedAt: projects.updatedAt,
    })
    .from(projects)
    .where(eq(projects.organisationId, organisationId))
    .orderBy(asc(projects.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [configurations, media] = await Promise.all([
    db
      .select()
      .from(projectConfigurations)
      .where(inArray(projectConfigurations.projectId, ids))
      .orderBy(asc(projectConfigurations.position), asc(projectConfigurations.id)),
    db
      .select()
      .from(projectMedia)
      .where(and(inArray(projectMedia.projectId, ids), eq(projectMedia.kind, 'image'))),
  ]);
  return rows.map((project) => ({
    project,
    configurations: configurations.filter((row) => row.projectId === project.id),
    images: sortMedia(media.filter((row) => row.projectId === project.id)),
  }));
}

/**
 * Who a portal shows as the listing's contact. Business contact only: the organisation's phone and the
 * name and sign-in email of its first owner (the person who answers for the organisation); never a
 * member's own mobile number or anything else from their account.
 */
export async function feedContact(db: Db, organisationId: string): Promise<FeedContact | null> {
  const [organisationRow] = await db
    .select({ name: organization.name, phone: organization.phone })
    .from(organization)
    .where(eq(organization.id, organisationId));
  if (!organisationRow) return null;
  const [owner] = await db
    .select({ name: user.name, email: user.email })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organisationId), eq(member.role, 'owner')))
    .orderBy(asc(member.createdAt), asc(member.id))
    .limit(1);
  return {
    name: owner?.name.trim() || organisationRow.name,
    email: owner?.email ?? null,
    phone: organisationRow.phone?.trim() || null,
  };
}
