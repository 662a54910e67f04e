import {
  addressLineOf,
  type OrganisationDetails,
  type OrganisationDetailsUpdate,
  type OrganisationMember,
  type OrganisationProject,
  type OrganisationRole,
  type OrganisationVisibility,
  parseAddressLine,
} from '@offplan/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { member, organization, projectMembers, projects } from '../../db/schema/index.ts';

/**
 * The caller's organisation (decision 030): every query is narrowed to the organisation the handler
 * found from the caller's oldest membership, so another organisation's member id finds nothing.
 */

export type Membership = { organisationId: string; memberId: string; role: OrganisationRole };

/** The membership a person acts through: their oldest, as permissionSubjectOf reads it. */
export async function membershipOf(db: Db, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({ organisationId: member.organizationId, memberId: member.id, role: member.role })
    .from(member)
    .where(eq(member.userId, userId))
    .orderBy(asc(member.createdAt))
    .limit(1);
  return row ? { ...row, role: row.role as OrganisationRole } : null;
}

type Viewer = { role: OrganisationRole; canManage: boolean };

/** The organisation as the page shows it; null when it is gone. */
export async function organisationDetails(
  db: Db,
  organisationId: string,
  viewer: Viewer,
): Promise<OrganisationDetails | null> {
  const [row] = await db
    .select({
      organisation: organization,
      // Spelled out: in a one-table select Drizzle leaves columns unqualified, and "id" would be the inner table's.
      memberCount: sql<number>`(select count(*)::int from member m where m.organization_id = ${organisationId})`,
      projectCount: sql<number>`(select count(*)::int from projects p where p.organisation_id = ${organisationId})`,
    })
    .from(organization)
    .where(eq(organization.id, organisationId));
  if (!row) return null;
  const o = row.organisation;
  return {
    id: o.id,
    name: o.name,
    // The demo data and older rows hold it as typed ("51 824 753 556"); the contract answers digits.
    abn: o.abn?.replace(/\s+/g, '') || null,
    logoUrl: o.logo,
    website: o.website,
    phone: o.phone,
    address: parseAddressLine(o.address),
    addressLine: o.address,
    about: o.about,
    visibility: (o.visibility === 'private' ? 'private' : 'public') satisfies OrganisationVisibility,
    createdAt: o.createdAt.toISOString(),
    yourRole: viewer.role,
    canManage: viewer.canManage,
    memberCount: Number(row.memberCount),
    projectCount: Number(row.projectCount),
  };
}

/** Writes the given details (keys left out stay) and the audit row in one transaction. */
export async function updateDetails(
  db: Db,
  organisationId: string,
  update: OrganisationDetailsUpdate,
  auditWith: (tx: Db, changed: string[]) => Promise<void>,
) {
  const values: Partial<typeof organization.$inferInsert> = {};
  if (update.name !== undefined) values.name = update.name;
  if (update.abn !== undefined) values.abn = update.abn;
  if (update.website !== undefined) values.website = update.website;
  if (update.phone !== undefined) values.phone = update.phone;
  if (update.address !== undefined) values.address = update.address ? addressLineOf(update.address) : null;
  if (update.about !== undefined) values.about = update.about;
  if (update.visibility !== undefined) values.visibility = update.visibility;
  const changed = Object.keys(values);
  if (changed.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.update(organization).set(values).where(eq(organization.id, organisationId));
    await auditWith(tx, changed);
  });
}

export async function logoOf(db: Db, organisationId: string): Promise<string | null> {
  const [row] = await db
    .select({ logo: organization.logo })
    .from(organization)
    .where(eq(organization.id, organisationId));
  return row?.logo ?? null;
}

/** Sets (or clears) the logo URL and writes the audit row in one transaction. */
export async function setLogo(
  db: Db,
  organisationId: string,
  logoUrl: string | null,
  auditWith: (tx: Db) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    await tx.update(organization).set({ logo: logoUrl }).where(eq(organization.id, organisationId));
    await auditWith(tx);
  });
}

type MemberRow = {
  memberId: string;
  userId: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  title: string | null;
  image: string | null;
  role: string;
  joinedAt: Date | string;
  lastSignInAt: Date | string | null;
};

const ROLE_ORDER: Record<string, number> = { owner: 0, admin: 1, member: 2 };
const iso = (value: Date | string) => new Date(value).toISOString();

function toMember(row: MemberRow, viewerUserId: string): OrganisationMember {
  const fullName = [row.firstName, row.lastName].filter(Boolean).join(' ').trim();
  return {
    memberId: row.memberId,
    userId: row.userId,
    name: fullName || row.name,
    email: row.email,
    title: row.title || null,
    image: row.image,
    role: row.role as OrganisationRole,
    joinedAt: iso(row.joinedAt),
    lastSignInAt: row.lastSignInAt ? iso(row.lastSignInAt) : null,
    isYou: row.userId === viewerUserId,
  };
}

async function memberRows(db: Db, organisationId: string, memberId?: string): Promise<MemberRow[]> {
  const result = (await db.execute(sql`
    select m.id as "memberId", u.id as "userId", u.name, u.first_name as "firstName",
      u.last_name as "lastName", u.email, u.title, u.image, m.role, m.created_at as "joinedAt",
      (select max(s.created_at) from session s where s.user_id = u.id) as "lastSignInAt"
    from member m join "user" u on u.id = m.user_id
    where m.organization_id = ${organisationId} ${memberId === undefined ? sql`` : sql`and m.id = ${memberId}`}
    order by m.created_at, m.id`)) as unknown as { rows: MemberRow[] };
  return result.rows;
}

/** The members, owners first, then admins, then members, each group by when they joined. */
export async function listMembers(db: Db, organisationId: string, viewerUserId: string) {
  const rows = await memberRows(db, organisationId);
  return rows
    .map((row) => toMember(row, viewerUserId))
    .sort((a, b) => (ROLE_ORDER[a.role] ?? 9) - (ROLE_ORDER[b.role] ?? 9));
}

/** What a change would do, for the handler's rules: the member as they are, and the owners counted. */
export type MemberChange = { targetRole: OrganisationRole; ownerCount: number };

/**
 * Runs a role change or removal once `refuse` (the handler's rules) finds nothing against it. The
 * organisation's member rows are locked first, so two owners demoting each other at once cannot leave
 * it without an owner.
 */
async function changeMember<R extends string>(
  db: Db,
  organisationId: string,
  memberId: string,
  refuse: (change: MemberChange) => R | null,
  apply: (tx: Db, target: { userId: string; role: OrganisationRole }) => Promise<void>,
): Promise<'notFound' | R | 'done'> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: member.id, userId: member.userId, role: member.role })
      .from(member)
      .where(eq(member.organizationId, organisationId))
      .for('update');
    const target = rows.find((row) => row.id === memberId);
    if (!target) return 'notFound';
    const refusal = refuse({
      targetRole: target.role as OrganisationRole,
      ownerCount: rows.filter((row) => row.role === 'owner').length,
    });
    if (refusal) return refusal;
    await apply(tx, { userId: target.userId, role: target.role as OrganisationRole });
    return 'done';
  });
}

/** Gives a member of the organisation a new role; answers the member as now, or why not. */
export async function changeMemberRole<R extends string>(
  db: Db,
  organisationId: string,
  memberId: string,
  role: OrganisationRole,
  refuse: (change: MemberChange) => R | null,
  auditWith: (tx: Db, previousRole: OrganisationRole) => Promise<void>,
  viewerUserId: string,
): Promise<'notFound' | R | OrganisationMember> {
  const outcome = await changeMember(db, organisationId, memberId, refuse, async (tx, target) => {
    if (target.role === role) return;
    await tx.update(member).set({ role }).where(eq(member.id, memberId));
    await auditWith(tx, target.role);
  });
  if (outcome !== 'done') return outcome;
  const [row] = await memberRows(db, organisationId, memberId);
  return row ? toMember(row, viewerUserId) : 'notFound';
}

/**
 * Removes a member from the organisation, and their membership of its projects: access to those came
 * through the organisation (decision 019), so leaving it ends it; projects of other organisations stay.
 */
export async function removeMember<R extends string>(
  db: Db,
  organisationId: string,
  memberId: string,
  refuse: (change: MemberChange) => R | null,
  auditWith: (
    tx: Db,
    removed: { userId: string; role: OrganisationRole; projectIds: number[] },
  ) => Promise<void>,
): Promise<'notFound' | R | 'done'> {
  return changeMember(db, organisationId, memberId, refuse, async (tx, target) => {
    await tx.delete(member).where(eq(member.id, memberId));
    const removed = await tx
      .delete(projectMembers)
      .where(
        and(
          eq(projectMembers.userId, target.userId),
          inArray(
            projectMembers.projectId,
            tx.select({ id: projects.id }).from(projects).where(eq(projects.organisationId, organisationId)),
          ),
        ),
      )
      .returning({ projectId: projectMembers.projectId });
    await auditWith(tx, { ...target, projectIds: removed.map((row) => row.projectId) });
  });
}

/** The organisation's projects by title, with their leads of the last 30 days. */
export async function listProjects(db: Db, organisationId: string): Promise<OrganisationProject[]> {
  const result = (await db.execute(sql`
    select p.id, p.title, p.suburb, p.state, p.stage, p.sales_status as "salesStatus", p.updated_at as "updatedAt",
      (select count(*)::int from leads l
        where l.project_id = p.id and l.created_at > now() - interval '30 days') as "leadsLast30Days"
    from projects p
    where p.organisation_id = ${organisationId}
    order by lower(p.title), p.id`)) as unknown as {
    rows: (Omit<OrganisationProject, 'updatedAt'> & { updatedAt: Date | string })[];
  };
  return result.rows.map((row) => ({
    ...row,
    leadsLast30Days: Number(row.leadsLast30Days),
    updatedAt: iso(row.updatedAt),
  }));
}
