import {
  ERROR_CODES,
  NOTIFICATION_TOKEN_HEADER,
  NOTIFICATION_TOKEN_INVALID,
  NOTIFICATIONS_FETCHED,
} from '@offplan/shared';
import type { Context } from 'hono';
import { audit } from '../../lib/audit.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { sendInAppMessage } from '../../lib/notifications.ts';
import { createRouter } from '../../lib/router.ts';
import { requirePermission, requireSession } from '../../middlewares/session.ts';
import { createNotificationToken, verifyNotificationToken } from './notification-token.ts';
import {
  countVisible,
  findUserIdByEmail,
  listNotifications,
  listOrganisations,
  listSentMessages,
  organisationExists,
  type ReceiptEvent,
  recordReceipts,
} from './notifications.repository.ts';
import {
  getAdminMessageOrganisations,
  getAdminMessages,
  getNotifications,
  postAdminMessage,
  postNotificationClick,
  postNotificationOpen,
  postNotificationRead,
  postNotificationToken,
} from './notifications.routes.ts';

export const notificationsRouter = createRouter();

notificationsRouter.use('/api/notifications/*', requireSession);
notificationsRouter.use('/api/admin/messages', requirePermission('users.manage'));
notificationsRouter.use('/api/admin/messages/*', requirePermission('users.manage'));

/** Deliberately says nothing about the email asked for: it is not written to any log or audit row. */
const notYourEmail = () => forbidden('You can only see your own notifications.');

const isOwnEmail = (c: Context<AppEnv>, email: string) =>
  c.get('user')!.email.toLowerCase() === email.trim().toLowerCase();

const authSecret = async (c: Context<AppEnv>) => (await c.get('deps').auth.$context).secret;

notificationsRouter.openapi(postNotificationToken, async (c) => {
  const { email } = c.req.valid('json').data;
  if (!isOwnEmail(c, email)) throw notYourEmail();
  return c.json({ token: createNotificationToken(await authSecret(c), email) }, 200);
});

notificationsRouter.openapi(getNotifications, async (c) => {
  const { email } = c.req.valid('param');
  if (!isOwnEmail(c, email)) throw notYourEmail();
  const token = c.req.header(NOTIFICATION_TOKEN_HEADER);
  if (!verifyNotificationToken(await authSecret(c), token, email)) {
    throw new AppError(401, NOTIFICATION_TOKEN_INVALID, 'The notification token is missing or has expired.');
  }
  const notifications = await listNotifications(
    c.get('deps').database.db,
    c.get('user')!.id,
    NOTIFICATIONS_FETCHED,
  );
  return c.json({ notifications }, 200);
});

/**
 * Open, read and click receipts of the signed-in user. All ids must be messages they may see, or
 * nothing is written. While an admin acts as the user nothing is recorded: the user has not seen them.
 */
async function track(c: Context<AppEnv>, messageIds: string[], event: ReceiptEvent) {
  const ids = [...new Set(messageIds)];
  const db = c.get('deps').database.db;
  const userId = c.get('user')!.id;
  if ((await countVisible(db, userId, ids)) !== ids.length) throw notFound('No such message.');
  if (c.get('session')?.impersonatedBy) return 0;
  return recordReceipts(db, userId, ids, event);
}

notificationsRouter.openapi(postNotificationOpen, async (c) =>
  c.json({ recorded: await track(c, c.req.valid('json').messageIds, 'open') }, 200),
);
notificationsRouter.openapi(postNotificationRead, async (c) =>
  c.json({ recorded: await track(c, c.req.valid('json').messageIds, 'read') }, 200),
);
notificationsRouter.openapi(postNotificationClick, async (c) =>
  c.json({ recorded: await track(c, [c.req.valid('json').messageId], 'click') }, 200),
);

notificationsRouter.openapi(postAdminMessage, async (c) => {
  const input = c.req.valid('json');
  const db = c.get('deps').database.db;
  let audience: Parameters<typeof sendInAppMessage>[1]['audience'] = 'everyone';
  if (input.audience === 'organisation') {
    const organisationId = input.organisationId!;
    if (!(await organisationExists(db, organisationId))) {
      throw new AppError(400, ERROR_CODES.validation, 'No such organisation.', {
        organisationId: 'No such organisation',
      });
    }
    audience = { organisationId };
  } else if (input.audience === 'user') {
    const userId = await findUserIdByEmail(db, input.userEmail!);
    if (!userId) {
      throw new AppError(400, ERROR_CODES.validation, 'No user with this email.', {
        userEmail: 'No user with this email',
      });
    }
    audience = { userId };
  }
  const { messageId } = await sendInAppMessage(db, {
    audience,
    title: input.title,
    body: input.body,
    ctaLink: input.ctaLink ?? undefined,
    ctaLabel: input.ctaLabel ?? undefined,
    thumbnail: input.thumbnail ?? undefined,
    priorityLevel: input.priorityLevel,
    trigger: input.trigger,
    position: input.position,
    source: 'admin',
    createdById: c.get('user')!.id,
  });
  await audit(c, {
    action: 'in_app_message.sent',
    targetType: 'in_app_message',
    targetId: messageId,
    data: { audience: input.audience, title: input.title },
  });
  return c.json({ messageId }, 201);
});

notificationsRouter.openapi(getAdminMessages, async (c) =>
  c.json({ items: await listSentMessages(c.get('deps').database.db) }, 200),
);

notificationsRouter.openapi(getAdminMessageOrganisations, async (c) =>
  c.json({ items: await listOrganisations(c.get('deps').database.db) }, 200),
);
