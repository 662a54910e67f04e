import { ERROR_CODES } from './error-codes.ts';

/**
 * The in-app messages' constants and link rules, without Zod: the frame's bell and pop-ups need them
 * on every signed-in page, and a module the first paint imports may not import `zod` (decision 044,
 * seventh pass). notifications.ts builds its schemas on them.
 */

/** Header carrying the notification token of POST /api/notifications/token (spec §7 "token header"). */
export const NOTIFICATION_TOKEN_HEADER = 'x-notification-token';
/** Error code of a missing, forged or expired notification token (not a lost session: no sign-in redirect). */
export const NOTIFICATION_TOKEN_INVALID = ERROR_CODES.notificationTokenInvalid;

export const IN_APP_TRIGGERS = ['immediate', 'never'] as const;
export type InAppTrigger = (typeof IN_APP_TRIGGERS)[number];

/** Open and read tracking take the ids of the messages shown (the bell shows 10); click takes one. */
export const NOTIFICATION_IDS_MAX = 50;

/** A path inside the portal: `/…`, but not `//host` or `/\host`, which browsers read as another site. */
const PORTAL_PATH = /^\/(?![/\\])/;
/** A link the bell and pop-ups may follow: http(s), or a path inside the portal. */
export const isSafeMessageLink = (value: string) => /^https?:\/\//i.test(value) || PORTAL_PATH.test(value);
/** A thumbnail: https, or a path inside the portal. */
export const isSafeMessageThumbnail = (value: string) =>
  /^https:\/\//i.test(value) || PORTAL_PATH.test(value);

/**
 * The events of the notification stream: a message was retracted (`data`: `{messageId}`), or
 * announcements may have been missed (the server's listening connection came back): read the list again.
 */
export const NOTIFICATION_STREAM_EVENTS = { retracted: 'message-retracted', resync: 'resync' } as const;

/**
 * A `message-retracted` event's data read as `notificationRetractedEventSchema` (notifications.ts)
 * reads it, by hand: the bell opens the stream on every signed-in page. An object with a string
 * `messageId`, other keys dropped; notification-rules.test.ts holds the two to the same values.
 */
export const notificationRetractedEventCheck = {
  safeParse(
    value: unknown,
  ): { success: true; data: { messageId: string } } | { success: false; error: Error } {
    const messageId =
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>).messageId
        : undefined;
    return typeof messageId === 'string'
      ? { success: true, data: { messageId } }
      : { success: false, error: new Error('not a retracted message event') };
  },
};
