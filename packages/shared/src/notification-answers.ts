import { z } from 'zod';
import { IN_APP_MESSAGES } from './constants.ts';
import { IN_APP_TRIGGERS } from './notification-rules.ts';

/**
 * The answers the bell and pop-ups read (spec §7): the token, the list and the receipts, apart from
 * the rest of notifications.ts (the composer's, the admin views'): the frame asks for them on every
 * signed-in page, and loading this module builds only these schemas (decision 044, seventh pass).
 */

export const notificationTokenResponseSchema = z.object({ token: z.string() });

/** One in-app message as the bell and pop-ups receive it (spec §3 "Notification"). */
export const notificationSchema = z.object({
  messageId: z.string(),
  campaignId: z.number().int(),
  createdAt: z.string(),
  read: z.boolean(),
  customPayload: z.object({
    title: z.string(),
    body: z.string(),
    cta_link: z.string().nullable(),
    cta_label: z.string().nullable(),
    thumbnail: z.string().nullable(),
  }),
  priorityLevel: z.number().int(),
  trigger: z.enum(IN_APP_TRIGGERS),
  position: z.enum(IN_APP_MESSAGES.positions),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationsResponseSchema = z.object({ notifications: z.array(notificationSchema) });
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

export const notificationTrackResponseSchema = z.object({ recorded: z.number().int() });
