import { and, asc, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  leadDigestSubscriptions,
  leadEvents,
  leads,
  member,
  projectLeadRecipients,
  projectMembers,
  projects,
  user,
} from '../../db/schema/index.ts';

/**
 * The SQL of the leads module's notification jobs (lead-notifications.ts): who hears of a lead, and
 * the once-only marks (`notified_at`, `speed_alert_at`) that make a retried job write nothing twice.
 */

/** A person or address a lead's message goes to; `userId` null for an address that is no user's. */
export type LeadRecipient = {
  email: string;
  userId: string | null;
  name: string | null;
  role: string | null;
  jobRoleId: number | null;
};

export type LockedLead = typeof leads.$inferSelect & {
  project: Pick<typeof projects.$inferSelect, 'id' | 'title' | 'organisationId' | 'state'>;
};

/**
 * The lead with its project, locked for the rest of the transaction: a second run of the same job (a
 * retry, another process) waits here and then sees the first one's mark.
 */
export async function lockLead(tx: Db, leadId: number): Promise<LockedLead | null> {
  const [row] = await tx
    .select({
      lead: leads,
      project: {
        id: projects.id,
        title: projects.title,
        organisationId: projects.organisationId,
        state: projects.state,
      },
    })
    .from(leads)
    .innerJoin(projects, eq(projects.id, leads.projectId))
    .where(eq(leads.id, leadId))
    .for('update', { of: leads });
  return row ? { ...row.lead, project: row.project } : null;
}

const recipientColumns = {
  userId: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  jobRoleId: user.jobRoleId,
};

/** Users who take part (banned ones never hear of a lead). */
const notBanned = sql`coalesce(${user.banned}, false) = false`;

/** The owners of an organisation, as recipients. */
function organisationOwners(tx: Db, organisationId: string) {
  return tx
    .select(recipientColumns)
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organisationId), eq(member.role, 'owner'), notBanned));
}

/** One entry per address, in a stable order (the first found wins: a user row over a bare address). */
function uniqueByEmail(rows: LeadRecipient[]): LeadRecipient[] {
  const seen = new Map<string, LeadRecipient>();
  for (const row of rows) if (!seen.has(row.email.toLowerCase())) seen.set(row.email.toLowerCase(), row);
  return [...seen.values()].sort((a, b) => a.email.localeCompare(b.email));
}

/**
 * Issue 16: the project's lead recipients when it has a list (each address a user's or not), else
 * its organisation's owners and the project's approved members.
 */
export async function newLeadRecipients(tx: Db, project: LockedLead['project']): Promise<LeadRecipient[]> {
  const listed = await tx
    .select({
      email: projectLeadRecipients.email,
      userId: user.id,
      name: user.name,
      role: user.role,
      jobRoleId: user.jobRoleId,
    })
    .from(projectLeadRecipients)
    .leftJoin(user, eq(user.email, projectLeadRecipients.email))
    .where(eq(projectLeadRecipients.projectId, project.id));
  if (listed.length > 0) return uniqueByEmail(listed);
  const members = await tx
    .select(recipientColumns)
    .from(projectMembers)
    .innerJoin(user, eq(user.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, project.id), notBanned));
  const owners = project.organisationId ? await organisationOwners(tx, project.organisationId) : [];
  return uniqueByEmail([...owners, ...members]);
}

/** Issue 16 speed-to-lead: the lead's assignee (if any) and its organisation's owners. */
export async function speedAlertRecipients(tx: Db, lead: LockedLead): Promise<LeadRecipient[]> {
  const assignee = lead.assigneeId
    ? await tx
        .select(recipientColumns)
        .from(user)
        .where(and(eq(user.id, lead.assigneeId), notBanned))
    : [];
  const owners = lead.project.organisationId ? await organisationOwners(tx, lead.project.organisationId) : [];
  return uniqueByEmail([...assignee, ...owners]);
}

/** Marks the lead notified and adds the timeline entry, in the transaction that wrote the messages. */
export async function recordNotified(tx: Db, leadId: number, at: Date, recipients: number) {
  await tx.update(leads).set({ notifiedAt: at }).where(eq(leads.id, leadId));
  await tx.insert(leadEvents).values({ leadId, kind: 'notified', data: { recipients }, createdAt: at });
}

/** Marks the speed alert sent and adds the timeline entry, with the alert's messages. */
export async function recordSpeedAlert(tx: Db, leadId: number, at: Date, minutesWaiting: number) {
  await tx.update(leads).set({ speedAlertAt: at }).where(eq(leads.id, leadId));
  await tx.insert(leadEvents).values({
    leadId,
    kind: 'speed_alert',
    data: { minutesWaiting },
    createdAt: at,
  });
}

export type DigestSubscriber = {
  userId: string;
  email: string;
  name: string;
  role: string | null;
  jobRoleId: number | null;
};

/** Subscribers of the daily digest after `afterUserId`, a page at a time (a digest run walks them all). */
export async function digestSubscribers(
  db: Db,
  afterUserId: string | null,
  limit: number,
): Promise<DigestSubscriber[]> {
  return db
    .select({
      userId: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      jobRoleId: user.jobRoleId,
    })
    .from(leadDigestSubscriptions)
    .innerJoin(user, eq(user.id, leadDigestSubscriptions.userId))
    .where(and(afterUserId ? gt(leadDigestSubscriptions.userId, afterUserId) : undefined, notBanned))
    .orderBy(asc(leadDigestSubscriptions.userId))
    .limit(limit);
}

export type DigestLead = {
  id: number;
  projectTitle: string;
  name: string;
  email: string;
  phone: string;
  buyerType: string;
  score: number;
  createdAt: Date;
};

/**
 * The leads received since `since` on the projects the user is an approved member of, newest first:
 * the first `limit`, and how many there are in all.
 */
export async function digestLeadsOf(db: Db, userId: string, since: Date, limit: number) {
  const memberOf = db
    .select({ projectId: projectMembers.projectId })
    .from(projectMembers)
    .where(eq(projectMembers.userId, userId));
  const received = and(inArray(leads.projectId, memberOf), gte(leads.createdAt, since));
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(leads).where(received);
  const total = counted?.total ?? 0;
  if (total === 0) return { total, items: [] as DigestLead[] };
  const items = await db
    .select({
      id: leads.id,
      projectTitle: projects.title,
      name: leads.name,
      email: leads.email,
      phone: leads.phone,
      buyerType: leads.buyerType,
      score: leads.score,
      createdAt: leads.createdAt,
    })
    .from(leads)
    .innerJoin(projects, eq(projects.id, leads.projectId))
    .where(received)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);
  return { total, items };
}

/** Whether the lead still waits for a first response and has not been alerted (speed check's rule). */
export const stillWaiting = (lead: LockedLead) =>
  lead.firstResponseAt === null && lead.status === 'NEW' && lead.speedAlertAt === null;
