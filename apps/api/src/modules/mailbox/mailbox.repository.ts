import { count, desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema/index.ts';

const LINK = /https?:\/\/[^\s<>"')]+/g;

/** One page of what the outbox sent or will send, newest first, with the links of each text. */
export async function outboxPage(db: Db, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outboxMessages)
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(outboxMessages),
  ]);
  const items = rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    links: [...new Set(row.text.match(LINK) ?? [])],
  }));
  return { items, total: total?.value ?? 0 };
}
