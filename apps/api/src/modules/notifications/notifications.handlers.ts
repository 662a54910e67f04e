import { ERROR_CODES, NOTIFICATION_TOKEN_HEADER, NOTIFICATIONS_FETCHED } from '@offplan/shared';
import type { Db } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { sendInAppMessage } from '../../lib/notifications.ts';
import { createRouter } from '../../lib/router.ts';
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

/** Deliberately says nothing about the email asked for: it is not written to any log or audit row. */
const notYourEmail = () => forbidden('You can only see your own notifications.');

const isOwnEmail = (user: { email: string }, email: string) =>
  user.email.toLowerCase() === email.trim().toLowerCase();

const authSecret = async (deps: AppDeps) => (await deps.auth.$context).secret;

notificationsRouter.openapi(postNotificationToken, async (c) => {
  const { email } = c.req.valid('json').data;
  if (!isOwnEmail(c.get('user'), email)) throw notYourEmail();
  return c.json({ token: createNotificationToken(await authSecret(c.get('deps')), email) }, 200);
});

notificationsRouter.openapi(getNotifications, async (c) => {
  const { email } = c.req.valid('param');
  if (!isOwnEmail(c.get('user'), email)) throw notYourEmail();
  const token = c.req.valid('header')[NOTIFICATION_TOKEN_HEADER];
  if (!verifyNotificationToken(await authSecret(c.get('deps')), token, email)) {
    throw new AppError(
      401,
      ERROR_CODES.notificationTokenInvalid,
      'The notification token is missing or has expired.',
    );
  }
  const notifications = await listNotifications(
    c.get('deps').database.db,
    c.get('user').id,
    NOTIFICATIONS_FETCHED,
  );
  return c.json({ notifications }, 200);
});

/**
 * Open, read and click receipts of the signed-in user. All ids must be messages they may see, or
 * nothing is written. While an admin acts as the user nothing is recorded: the user has not seen them.
 */
async function track(
  db: Db,
  reader: { userId: string; impersonated: boolean },
  messageIds: string[],
  event: ReceiptEvent,
) {
  const ids = [...new Set(messageIds)];
  if ((await countVisible(db, reader.userId, ids)) !== ids.length) throw notFound('No such message.');
  if (reader.impersonated) return 0;
  return recordReceipts(db, reader.userId, ids, event);
}

/** Who is reading: the signed-in user, and whether an admin is acting as them. */
const readerOf = (user: { id: string }, session: { impersonatedBy?: string | null | undefined }) => ({
  userId: user.id,
  impersonated: Boolean(session.impersonatedBy),
});

notificationsRouter.openapi(postNotificationOpen, async (c) => {
  const reader = readerOf(c.get('user'), c.get('session'));
  const recorded = await track(c.get('deps').database.db, reader, c.req.valid('json').messageIds, 'open');
  return c.json({ recorded }, 200);
});
notificationsRouter.openapi(postNotificationRead, async (c) => {
  const reader = readerOf(c.get('user'), c.get('session'));
  const recorded = await track(c.get('deps').database.db, reader, c.req.valid('json').messageIds, 'read');
  return c.json({ recorded }, 200);
});
notificationsRouter.openapi(postNotificationClick, async (c) => {
  const reader = readerOf(c.get('user'), c.get('session'));
  const ids = [c.req.valid('json').messageId];
  return c.json({ recorded: await track(c.get('deps').database.db, reader, ids, 'click') }, 200);
});

type MessageAudience = Parameters<typeof sendInAppMessage>[1]['audience'];

/** The composer's audience as the sender takes it; an organisation or user that does not exist is a 400. */
async function audienceOf(
  db: Db,
  input: { audience: string; organisationId?: string | null; userEmail?: string | null },
): Promise<MessageAudience> {
  // The schema requires the id or the email with their audience.
  if (input.audience === 'organisation' && input.organisationId) {
    if (!(await organisationExists(db, input.organisationId))) {
      throw new AppError(400, ERROR_CODES.validation, 'No such organisation.', {
        organisationId: 'No such organisation',
      });
    }
    return { organisationId: input.organisationId };
  }
  if (input.audience === 'user' && input.userEmail) {
    const userId = await findUserIdByEmail(db, input.userEmail);
    if (!userId) {
      throw new AppError(400, ERROR_CODES.validation, 'No user with this email.', {
        userEmail: 'No user with this email',
      });
    }
    return { userId };
  }
  return 'everyone';
}

notificationsRouter.openapi(postAdminMessage, async (c) => {
  const input = c.req.valid('json');
  const db = c.get('deps').database.db;
  const audience = await audienceOf(db, input);
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
    createdById: c.get('user').id,
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
