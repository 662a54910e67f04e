import {
  ERROR_CODES,
  MESSAGE_RECEIPTS_PAGE_SIZE,
  NOTIFICATION_STREAM_EVENTS,
  NOTIFICATION_TOKEN_HEADER,
  NOTIFICATIONS_FETCHED,
} from '@offplan/shared';
import { streamSSE } from 'hono/streaming';
import { IN_APP_MESSAGE_CHANNEL, subscribeToChannel } from '../../db/auth-changes.ts';
import type { Db } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { retractedMessageId, sendInAppMessage } from '../../lib/notifications.ts';
import { createRouter } from '../../lib/router.ts';
import { createNotificationToken, verifyNotificationToken } from './notification-token.ts';
import {
  countVisible,
  findUserIdByEmail,
  listNotifications,
  listOrganisations,
  listSentMessages,
  messageReceipts,
  organisationExists,
  type ReceiptEvent,
  recordReceipts,
  retractMessage,
} from './notifications.repository.ts';
import {
  getAdminMessageOrganisations,
  getAdminMessages,
  getMessageReceipts,
  getNotificationStream,
  getNotifications,
  postAdminMessage,
  postNotificationClick,
  postNotificationOpen,
  postNotificationRead,
  postNotificationToken,
  postRetractMessage,
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

notificationsRouter.openapi(postRetractMessage, async (c) => {
  const { messageId } = c.req.valid('param');
  const admin = c.get('user');
  const result = await retractMessage(c.get('deps').database.db, messageId, admin.id, (tx) =>
    audit(c, { action: 'in_app_message.retracted', targetType: 'in_app_message', targetId: messageId }, tx),
  );
  if (result === 'missing') throw notFound('No such message.');
  if (result === 'already') throw conflict('This message is already retracted.');
  const retractedBy = admin.name || admin.email;
  return c.json({ messageId, retractedAt: result.retractedAt.toISOString(), retractedBy }, 200);
});

notificationsRouter.openapi(getMessageReceipts, async (c) => {
  const { messageId } = c.req.valid('param');
  const { page } = c.req.valid('query');
  const pageSize = MESSAGE_RECEIPTS_PAGE_SIZE;
  const answer = await messageReceipts(c.get('deps').database.db, messageId, page, pageSize);
  if (!answer) throw notFound('No such message.');
  return c.json({ ...answer, page, pageSize }, 200);
});

/** How often an idle stream says something, so proxies and the browser keep it open. */
const STREAM_PING_MS = 20_000;
/** How often an idle stream looks whether the server is shutting down (it then ends; the browser reconnects). */
const STREAM_CHECK_MS = 1_000;

/**
 * The signed-in app's event stream: each retraction heard on the in-app message channel, from any
 * process (db/auth-changes.ts), is passed on at once; `*` (announcements may have been missed while the
 * listening connection was down) becomes `resync`. Message ids only: an id tells nothing of a message.
 */
notificationsRouter.openapi(getNotificationStream, (c) => {
  // A browser's EventSource always asks for events; anything else would hold a request open for nothing.
  if (!c.req.header('accept')?.includes('text/event-stream')) {
    throw new AppError(
      406,
      ERROR_CODES.badRequest,
      'This is an event stream: ask with Accept: text/event-stream.',
    );
  }
  const { database, lifecycle } = c.get('deps');
  return streamSSE(c, async (stream) => {
    const pending: { event: string; data: string }[] = [];
    let wake: (() => void) | undefined;
    const unsubscribe = subscribeToChannel(database.authChanges, IN_APP_MESSAGE_CHANNEL, (payload) => {
      const messageId = retractedMessageId(payload);
      pending.push(
        messageId
          ? { event: NOTIFICATION_STREAM_EVENTS.retracted, data: JSON.stringify({ messageId }) }
          : { event: NOTIFICATION_STREAM_EVENTS.resync, data: '{}' },
      );
      wake?.();
    });
    stream.onAbort(() => wake?.());
    try {
      // `retry`: the browser's reconnection delay after the stream ends (a restart, a shutdown).
      await stream.writeSSE({ event: 'ready', data: '{}', retry: 3000 });
      let pingedAt = Date.now();
      while (!stream.aborted && !lifecycle.draining) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, STREAM_CHECK_MS);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
        for (const event of pending.splice(0)) await stream.writeSSE(event);
        if (Date.now() - pingedAt >= STREAM_PING_MS) {
          await stream.write(': ping\n\n');
          pingedAt = Date.now();
        }
      }
    } finally {
      unsubscribe();
    }
  });
});
