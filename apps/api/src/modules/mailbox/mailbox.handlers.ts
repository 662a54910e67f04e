import { count, desc } from 'drizzle-orm';
import { outboxMessages } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import { requirePermission } from '../../middlewares/session.ts';
import { getMailbox, MAILBOX_PAGE_SIZE } from './mailbox.routes.ts';

const LINK = /https?:\/\/[^\s<>"')]+/g;

export const mailboxRouter = createRouter();

mailboxRouter.use(getMailbox.path, async (c, next) => {
  // Off means absent: production answers as if the route did not exist.
  if (!c.get('deps').settings.devMailbox) throw notFound(`No API route GET ${getMailbox.path}.`);
  await next();
});
mailboxRouter.use(getMailbox.path, requirePermission('settings.manage'));
mailboxRouter.openapi(getMailbox, async (c) => {
  const { page } = c.req.valid('query');
  const { db } = c.get('deps').database;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outboxMessages)
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
      .limit(MAILBOX_PAGE_SIZE)
      .offset((page - 1) * MAILBOX_PAGE_SIZE),
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
  return c.json({ items, total: total?.value ?? 0 }, 200);
});
