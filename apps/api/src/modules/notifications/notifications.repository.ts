import type { MessageReceipts, Notification, SentMessage } from '@offplan/shared';
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { IN_APP_MESSAGE_CHANNEL } from '../../db/auth-changes.ts';
import type { Db } from '../../db/client.ts';
import { inAppMessageReceipts, inAppMessages, member, organization, user } from '../../db/schema/index.ts';
import { retractionPayload } from '../../lib/notifications.ts';

/**
 * Messages one user may see: to everyone, to them, or to an organisation they belong to; never a
 * retracted one (issue 19), so the list and the tracking calls drop it the moment it is retracted.
 */
function visibleTo(userId: string) {
  return and(isNull(inAppMessages.retractedAt), audienceIncludes(userId));
}

function audienceIncludes(userId: string) {
  return or(
    eq(inAppMessages.audience, 'everyone'),
    and(eq(inAppMessages.audience, 'user'), eq(inAppMessages.audienceUserId, userId)),
    and(
      eq(inAppMessages.audience, 'organisation'),
      inArray(
        inAppMessages.audienceOrganisationId,
        sql`(select ${member.organizationId} from ${member} where ${member.userId} = ${userId})`,
      ),
    ),
  );
}

/** The newest `limit` messages for a user, with their own read state (spec §3 shape). */
export async function listNotifications(db: Db, userId: string, limit: number): Promise<Notification[]> {
  const rows = await db
    .select({
      id: inAppMessages.id,
      campaignId: inAppMessages.campaignId,
      createdAt: inAppMessages.createdAt,
      title: inAppMessages.title,
      body: inAppMessages.body,
      ctaLink: inAppMessages.ctaLink,
      ctaLabel: inAppMessages.ctaLabel,
      thumbnail: inAppMessages.thumbnail,
      priorityLevel: inAppMessages.priorityLevel,
      trigger: inAppMessages.trigger,
      position: inAppMessages.position,
      readAt: inAppMessageReceipts.readAt,
    })
    .from(inAppMessages)
    .leftJoin(
      inAppMessageReceipts,
      and(eq(inAppMessageReceipts.messageId, inAppMessages.id), eq(inAppMessageReceipts.userId, userId)),
    )
    .where(visibleTo(userId))
    .orderBy(desc(inAppMessages.createdAt), desc(inAppMessages.campaignId))
    .limit(limit);
  return rows.map((row) => ({
    messageId: row.id,
    campaignId: row.campaignId,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt != null,
    customPayload: {
      title: row.title,
      body: row.body,
      cta_link: row.ctaLink,
      cta_label: row.ctaLabel,
      thumbnail: row.thumbnail,
    },
    priorityLevel: row.priorityLevel,
    trigger: row.trigger,
    position: row.position,
  }));
}

/** How many of these ids the user may see (all must be, or nothing is recorded). */
export async function countVisible(db: Db, userId: string, messageIds: string[]) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(inAppMessages)
    .where(and(inArray(inAppMessages.id, messageIds), visibleTo(userId)));
  return row?.n ?? 0;
}

export type ReceiptEvent = 'open' | 'click' | 'read';

/** Records opens, a click or reads of one user's messages; a click also marks the message read. */
export async function recordReceipts(db: Db, userId: string, messageIds: string[], event: ReceiptEvent) {
  const now = new Date();
  const values = messageIds.map((messageId) => ({
    messageId,
    userId,
    openedAt: event === 'open' ? now : null,
    openCount: event === 'open' ? 1 : 0,
    clickedAt: event === 'click' ? now : null,
    clickCount: event === 'click' ? 1 : 0,
    readAt: event === 'open' ? null : now,
  }));
  const r = inAppMessageReceipts;
  const set =
    event === 'open'
      ? { openedAt: sql`coalesce(${r.openedAt}, excluded.opened_at)`, openCount: sql`${r.openCount} + 1` }
      : event === 'click'
        ? {
            clickedAt: sql`coalesce(${r.clickedAt}, excluded.clicked_at)`,
            clickCount: sql`${r.clickCount} + 1`,
            readAt: sql`coalesce(${r.readAt}, excluded.read_at)`,
          }
        : { readAt: sql`coalesce(${r.readAt}, excluded.read_at)` };
  await db
    .insert(r)
    .values(values)
    .onConflictDoUpdate({ target: [r.messageId, r.userId], set });
  return messageIds.length;
}

export async function findUserIdByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()))
    .limit(1);
  return row?.id ?? null;
}

export async function organisationExists(db: Db, id: string) {
  const [row] = await db.select({ id: organization.id }).from(organization).where(eq(organization.id, id));
  return row != null;
}

/** Messages sent, newest first, with how many people opened, clicked and read each. */
export async function listSentMessages(db: Db, limit = 100): Promise<SentMessage[]> {
  const m = inAppMessages;
  const r = inAppMessageReceipts;
  const retractor = alias(user, 'retractor');
  const rows = await db
    .select({
      id: m.id,
      campaignId: m.campaignId,
      createdAt: m.createdAt,
      audience: m.audience,
      userEmail: user.email,
      organisationName: organization.name,
      title: m.title,
      body: m.body,
      ctaLink: m.ctaLink,
      ctaLabel: m.ctaLabel,
      thumbnail: m.thumbnail,
      priorityLevel: m.priorityLevel,
      trigger: m.trigger,
      position: m.position,
      source: m.source,
      opens: sql<number>`(select count(*)::int from ${r} where ${r.messageId} = ${m.id} and ${r.openedAt} is not null)`,
      clicks: sql<number>`(select count(*)::int from ${r} where ${r.messageId} = ${m.id} and ${r.clickedAt} is not null)`,
      reads: sql<number>`(select count(*)::int from ${r} where ${r.messageId} = ${m.id} and ${r.readAt} is not null)`,
      retractedAt: m.retractedAt,
      retractorName: retractor.name,
      retractorEmail: retractor.email,
    })
    .from(m)
    .leftJoin(retractor, eq(retractor.id, m.retractedById))
    .leftJoin(user, eq(user.id, m.audienceUserId))
    .leftJoin(organization, eq(organization.id, m.audienceOrganisationId))
    .orderBy(desc(m.createdAt), desc(m.campaignId))
    .limit(limit);
  return rows.map((row) => ({
    messageId: row.id,
    campaignId: row.campaignId,
    createdAt: row.createdAt.toISOString(),
    audience: row.audience,
    audienceLabel: audienceLabelOf(row),
    title: row.title,
    body: row.body,
    ctaLink: row.ctaLink,
    ctaLabel: row.ctaLabel,
    thumbnail: row.thumbnail,
    priorityLevel: row.priorityLevel,
    trigger: row.trigger,
    position: row.position,
    source: row.source,
    opens: row.opens,
    clicks: row.clicks,
    reads: row.reads,
    ...retractionOf(row),
  }));
}

function audienceLabelOf(row: {
  audience: SentMessage['audience'];
  userEmail: string | null;
  organisationName: string | null;
}) {
  if (row.audience === 'everyone') return 'Everyone';
  if (row.audience === 'user') return row.userEmail ?? 'Deleted user';
  return row.organisationName ?? 'Deleted organisation';
}

function retractionOf(row: {
  retractedAt: Date | null;
  retractorName: string | null;
  retractorEmail: string | null;
}) {
  return {
    retractedAt: row.retractedAt?.toISOString() ?? null,
    retractedBy: row.retractedAt ? row.retractorName || row.retractorEmail || 'Deleted user' : null,
  };
}

/**
 * Retracts a message (issue 19): marks it, and announces it on the in-app message channel in the same
 * transaction, so every process hears it once it is committed (db/auth-changes.ts) and tells its open
 * browsers. 'missing' and 'already' change nothing.
 */
export async function retractMessage(
  db: Db,
  messageId: string,
  byUserId: string,
  withRetraction: (tx: Db) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(inAppMessages)
      .set({ retractedAt: new Date(), retractedById: byUserId })
      .where(and(eq(inAppMessages.id, messageId), isNull(inAppMessages.retractedAt)))
      .returning({ retractedAt: inAppMessages.retractedAt });
    if (!row?.retractedAt) {
      const [found] = await tx
        .select({ id: inAppMessages.id })
        .from(inAppMessages)
        .where(eq(inAppMessages.id, messageId));
      return found ? ('already' as const) : ('missing' as const);
    }
    await withRetraction(tx);
    await tx.execute(sql`select pg_notify(${IN_APP_MESSAGE_CHANNEL}, ${retractionPayload(messageId)})`);
    return { retractedAt: row.retractedAt };
  });
}

/**
 * Who opened, read and clicked one message, first seen first, a page at a time, with the totals; null
 * when there is no such message. Retracted messages keep their figures.
 */
export async function messageReceipts(
  db: Db,
  messageId: string,
  page: number,
  pageSize: number,
): Promise<Omit<MessageReceipts, 'page' | 'pageSize'> | null> {
  const m = inAppMessages;
  const r = inAppMessageReceipts;
  const retractor = alias(user, 'retractor');
  const [message] = await db
    .select({
      messageId: m.id,
      title: m.title,
      createdAt: m.createdAt,
      audience: m.audience,
      userEmail: user.email,
      organisationName: organization.name,
      retractedAt: m.retractedAt,
      retractorName: retractor.name,
      retractorEmail: retractor.email,
    })
    .from(m)
    .leftJoin(retractor, eq(retractor.id, m.retractedById))
    .leftJoin(user, eq(user.id, m.audienceUserId))
    .leftJoin(organization, eq(organization.id, m.audienceOrganisationId))
    .where(eq(m.id, messageId));
  if (!message) return null;
  const [totals] = await db
    .select({
      readers: count(),
      opened: sql<number>`count(${r.openedAt})::int`,
      read: sql<number>`count(${r.readAt})::int`,
      clicked: sql<number>`count(${r.clickedAt})::int`,
    })
    .from(r)
    .where(eq(r.messageId, messageId));
  const firstSeen = sql`least(${r.openedAt}, ${r.readAt}, ${r.clickedAt})`;
  const rows = await db
    .select({
      userId: r.userId,
      name: user.name,
      email: user.email,
      openedAt: r.openedAt,
      openCount: r.openCount,
      readAt: r.readAt,
      clickedAt: r.clickedAt,
      clickCount: r.clickCount,
    })
    .from(r)
    .innerJoin(user, eq(user.id, r.userId))
    .where(eq(r.messageId, messageId))
    .orderBy(asc(firstSeen), asc(r.userId))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  return {
    message: {
      messageId: message.messageId,
      title: message.title,
      createdAt: message.createdAt.toISOString(),
      audienceLabel: audienceLabelOf(message),
      ...retractionOf(message),
    },
    totals: {
      readers: Number(totals?.readers ?? 0),
      opened: totals?.opened ?? 0,
      read: totals?.read ?? 0,
      clicked: totals?.clicked ?? 0,
    },
    items: rows.map((row) => ({
      userId: row.userId,
      name: row.name,
      email: row.email,
      firstOpenedAt: iso(row.openedAt),
      openCount: row.openCount,
      readAt: iso(row.readAt),
      firstClickedAt: iso(row.clickedAt),
      clickCount: row.clickCount,
    })),
  };
}

export async function listOrganisations(db: Db) {
  return db
    .select({ id: organization.id, name: organization.name })
    .from(organization)
    .orderBy(asc(organization.name))
    .limit(1000);
}
