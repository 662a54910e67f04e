import { isPlatformAdmin, NO_NEW_ENQUIRY_SALES_STATUSES } from '@offplan/shared';
import { and, eq, inArray, isNull, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  member,
  organization,
  projectMembers,
  projectRecommendations,
  projects,
  user,
} from '../../db/schema/index.ts';
import { memberProjectIds, nameKey, nameKeySql, websiteDomainSql } from './project-access.ts';

/**
 * Mail providers anyone can sign up with: a shared domain says nothing about who built a project, so
 * it never recommends one (decision 019).
 */
export const PUBLIC_EMAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'yahoo.com.au',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'bigpond.com',
  'bigpond.net.au',
  'optusnet.com.au',
  'tpg.com.au',
  'iinet.net.au',
]);

/** Names shorter than this (after normalising) match too much to recommend by. */
const MIN_NAME_KEY_LENGTH = 3;

type AutoSource = 'name_match' | 'domain_match';

/** Listings that may be recommended at all (design §2): unclaimed, taking enquiries, proceeding. */
export const recommendable = and(
  isNull(projects.organisationId),
  notInArray(projects.salesStatus, [...NO_NEW_ENQUIRY_SALES_STATUSES]),
  ne(projects.stage, 'NOT_PROCEEDING'),
)!;

/** The projects design §2's rules recommend to one user now, with the rule that matched. */
export async function matchRecommendations(db: Db, userId: string): Promise<Map<number, AutoSource>> {
  const [account] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!account) return new Map();
  const organisations = await db
    .select({ name: organization.name })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId));
  const keys = [...new Set(organisations.map((o) => nameKey(o.name)))].filter(
    (key) => key.length >= MIN_NAME_KEY_LENGTH,
  );
  const domain = account.email
    .split('@')[1]
    ?.toLowerCase()
    .replace(/^www\./, '');
  const useDomain = domain && !PUBLIC_EMAIL_DOMAINS.has(domain) ? domain : undefined;
  if (!keys.length && !useDomain) return new Map();

  const nameMatch: SQL | undefined = keys.length
    ? or(inArray(nameKeySql(projects.developerName), keys), inArray(nameKeySql(projects.marketerName), keys))
    : undefined;
  const domainMatch: SQL | undefined = useDomain ? sql`${websiteDomainSql} = ${useDomain}` : undefined;
  const rows = await db
    .select({ id: projects.id, byName: nameMatch ? sql<boolean>`${nameMatch}` : sql<boolean>`false` })
    .from(projects)
    .where(
      and(recommendable, or(nameMatch, domainMatch), notInArray(projects.id, memberProjectIds(db, userId))),
    );
  return new Map(rows.map((row) => [row.id, row.byName ? 'name_match' : 'domain_match']));
}

/**
 * Brings a user's automatic recommendations up to date. Called when one of their inputs changes (a
 * listing saved or claimed, a membership approved, the job role chosen after joining), never on a read:
 * GET /api/user-projects reads the stored rows (issue 22 part 5). Writes only what changed;
 * admin-assigned recommendations are left alone.
 */
export async function refreshRecommendations(db: Db, userId: string): Promise<void> {
  const wanted = await matchRecommendations(db, userId);
  const current = await db
    .select({ projectId: projectRecommendations.projectId, source: projectRecommendations.source })
    .from(projectRecommendations)
    .where(eq(projectRecommendations.userId, userId));
  const have = new Map(current.map((row) => [row.projectId, row.source]));
  const stale = current
    .filter((row) => row.source !== 'admin' && !wanted.has(row.projectId))
    .map((row) => row.projectId);
  const missing = [...wanted].filter(([projectId]) => !have.has(projectId));
  if (!stale.length && !missing.length) return;
  await db.transaction(async (tx) => {
    if (stale.length) {
      await tx
        .delete(projectRecommendations)
        .where(
          and(
            eq(projectRecommendations.userId, userId),
            inArray(projectRecommendations.projectId, stale),
            ne(projectRecommendations.source, 'admin'),
          ),
        );
    }
    if (missing.length) {
      await tx
        .insert(projectRecommendations)
        .values(missing.map(([projectId, source]) => ({ userId, projectId, source })))
        .onConflictDoNothing();
    }
  });
}

/** A portal user (not a platform admin) by id, or undefined: only they are recommended projects. */
export async function findPortalUser(db: Db, userId: string) {
  const [target] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.id, userId));
  return target && !isPlatformAdmin(target) ? target : undefined;
}

/**
 * Why a project cannot be recommended to a user by hand: 'missing' (no such project), 'closed' (hidden,
 * sold out or not proceeding: never recommended), 'member' (the user already has it); null when it can.
 */
export async function handRecommendationRefusal(
  db: Db,
  userId: string,
  projectId: number,
): Promise<'missing' | 'closed' | 'member' | null> {
  const [project] = await db
    .select({
      salesStatus: projects.salesStatus,
      stage: projects.stage,
      isMember: sql<boolean>`exists (select 1 from ${projectMembers} where ${projectMembers.projectId} = ${projects.id} and ${projectMembers.userId} = ${userId})`,
    })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) return 'missing';
  if (NO_NEW_ENQUIRY_SALES_STATUSES.includes(project.salesStatus) || project.stage === 'NOT_PROCEEDING') {
    return 'closed';
  }
  return project.isMember ? 'member' : null;
}

/** Recommends a project to a user by hand (an automatic recommendation of it becomes the admin's). */
export async function assignRecommendation(
  db: Db,
  assignment: { userId: string; projectId: number; assignedById: string },
  alongWith: (tx: Db) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    await tx
      .insert(projectRecommendations)
      .values({ ...assignment, source: 'admin' })
      .onConflictDoUpdate({
        target: [projectRecommendations.userId, projectRecommendations.projectId],
        set: { source: 'admin', assignedById: assignment.assignedById },
      });
    await alongWith(tx);
  });
}

/** Removes a hand-assigned recommendation; false when there was none. */
export async function removeHandRecommendation(
  db: Db,
  userId: string,
  projectId: number,
  alongWith: (tx: Db) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(projectRecommendations)
      .where(
        and(
          eq(projectRecommendations.userId, userId),
          eq(projectRecommendations.projectId, projectId),
          eq(projectRecommendations.source, 'admin'),
        ),
      )
      .returning({ projectId: projectRecommendations.projectId });
    if (rows.length) await alongWith(tx);
    return rows.length > 0;
  });
}

/**
 * The portal users whose automatic recommendations a listing can change: those it is recommended to now,
 * and those its developer or marketer name (through an organisation's name) or its website's domain
 * (through an email address) would match.
 */
async function usersConcernedBy(db: Db, projectIds: number[]): Promise<string[]> {
  const listed = await db
    .select({
      developerName: projects.developerName,
      marketerName: projects.marketerName,
      domain: sql<string | null>`${websiteDomainSql}`,
    })
    .from(projects)
    .where(inArray(projects.id, projectIds));
  const keys = [
    ...new Set(
      listed.flatMap((row) => [row.developerName, row.marketerName].map((name) => nameKey(name ?? ''))),
    ),
  ].filter((key) => key.length >= MIN_NAME_KEY_LENGTH);
  const domains = [...new Set(listed.flatMap((row) => (row.domain ? [row.domain] : [])))].filter(
    (domain) => !PUBLIC_EMAIL_DOMAINS.has(domain),
  );
  const emailDomainSql = sql`regexp_replace(lower(split_part(${user.email}, '@', 2)), '^www[.]', '')`;
  const [recommended, byName, byDomain] = await Promise.all([
    db
      .selectDistinct({ userId: projectRecommendations.userId })
      .from(projectRecommendations)
      .where(
        and(
          inArray(projectRecommendations.projectId, projectIds),
          ne(projectRecommendations.source, 'admin'),
        ),
      ),
    keys.length
      ? db
          .selectDistinct({ userId: member.userId })
          .from(member)
          .innerJoin(organization, eq(organization.id, member.organizationId))
          .where(inArray(nameKeySql(sql`${organization.name}`), keys))
      : [],
    domains.length ? db.select({ userId: user.id }).from(user).where(inArray(emailDomainSql, domains)) : [],
  ]);
  return [...new Set([...recommended, ...byName, ...byDomain].map((row) => row.userId))];
}

/**
 * Brings the automatic recommendations of everyone a saved, created or claimed listing concerns up to
 * date (issue 22 part 5): the listing's names, website, stage and sales status are their inputs.
 */
export async function refreshRecommendationsForProjects(db: Db, projectIds: number[]): Promise<void> {
  if (!projectIds.length) return;
  const userIds = await usersConcernedBy(db, projectIds);
  if (!userIds.length) return;
  const people = await db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(inArray(user.id, userIds));
  for (const person of people) {
    if (!isPlatformAdmin(person)) await refreshRecommendations(db, person.id);
  }
}

/**
 * Brings up to date the recommendations of one user, or of every member of an organisation: a
 * membership, an organisation's name and a user's email domain are inputs too (issue 22 part 5).
 * Platform admins have none.
 */
export async function refreshRecommendationsOf(
  db: Db,
  who: { userId: string } | { organisationId: string },
): Promise<void> {
  const people = await db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(
      'userId' in who
        ? eq(user.id, who.userId)
        : inArray(
            user.id,
            db
              .select({ id: member.userId })
              .from(member)
              .where(eq(member.organizationId, who.organisationId)),
          ),
    );
  for (const person of people) {
    if (!isPlatformAdmin(person)) await refreshRecommendations(db, person.id);
  }
}
