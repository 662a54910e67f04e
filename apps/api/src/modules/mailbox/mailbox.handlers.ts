import { createRouter } from '../../lib/router.ts';
import { outboxPage } from './mailbox.repository.ts';
import { getMailbox, MAILBOX_PAGE_SIZE } from './mailbox.routes.ts';

export const mailboxRouter = createRouter();

mailboxRouter.openapi(getMailbox, async (c) => {
  const { page } = c.req.valid('query');
  return c.json(await outboxPage(c.get('deps').database.db, page, MAILBOX_PAGE_SIZE), 200);
});
