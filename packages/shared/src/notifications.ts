import { z } from 'zod';
import { IN_APP_MESSAGES } from './constants.ts';
import {
  IN_APP_TRIGGERS,
  isSafeMessageLink,
  isSafeMessageThumbnail,
  NOTIFICATION_IDS_MAX,
} from './notification-rules.ts';
import { multilineText, text } from './text.ts';

// The token header and error code, the link rules, the triggers and the stream's events are
// notification-rules.ts (no Zod), the bell's answers notification-answers.ts: the frame reads them on
// every signed-in page (decision 044).

export type InAppPosition = (typeof IN_APP_MESSAGES.positions)[number];
export const IN_APP_AUDIENCES = ['everyone', 'organisation', 'user'] as const;
export type InAppAudienceKind = (typeof IN_APP_AUDIENCES)[number];

const email = text().trim().toLowerCase().email('must be an email address').max(254);

/** POST /api/notifications/token body (spec §7: body data.email). */
export const notificationTokenRequestSchema = z.strictObject({ data: z.strictObject({ email }) });
export type NotificationTokenRequest = z.infer<typeof notificationTokenRequestSchema>;

/** Open and read tracking take the ids of the messages shown (the bell shows 10); click takes one. */
export const notificationIdsSchema = z.strictObject({
  messageIds: z.array(text().min(1).max(100)).min(1).max(NOTIFICATION_IDS_MAX),
});
export const notificationClickSchema = z.strictObject({ messageId: text().min(1).max(100) });

const safeLink = text().trim().max(2000).refine(isSafeMessageLink, 'must be an http(s) link or a path');
/** Empty fields are left out by the client; the schema takes them absent or null. */
const optional = <T extends z.ZodType>(schema: T) => schema.nullish();

/** The admin composer's message (design §5: announcements to all, an organisation, or a user). */
export const composeMessageSchema = z
  .strictObject({
    audience: z.enum(IN_APP_AUDIENCES),
    organisationId: optional(text().trim().min(1).max(100)),
    userEmail: optional(email),
    title: text().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
    body: multilineText().trim().min(1, 'is required').max(20_000, 'must be at most 20000 characters'),
    ctaLink: optional(safeLink),
    ctaLabel: optional(text().trim().max(100, 'must be at most 100 characters')),
    thumbnail: optional(
      text().trim().max(2000).refine(isSafeMessageThumbnail, 'must be an https link or a path'),
    ),
    priorityLevel: z.number().int().min(0).max(1000).default(100),
    trigger: z.enum(IN_APP_TRIGGERS).default('immediate'),
    position: z.enum(IN_APP_MESSAGES.positions).default('Center'),
  })
  .superRefine((value, ctx) => {
    if (value.audience === 'organisation' && !value.organisationId)
      ctx.addIssue({ code: 'custom', path: ['organisationId'], message: 'is required for an organisation' });
    if (value.audience === 'user' && !value.userEmail)
      ctx.addIssue({ code: 'custom', path: ['userEmail'], message: 'is required for a user' });
    if (value.ctaLabel && !value.ctaLink)
      ctx.addIssue({ code: 'custom', path: ['ctaLink'], message: 'is required with a label' });
  });
export type ComposeMessage = z.input<typeof composeMessageSchema>;

export const sentMessageSchema = z.object({
  messageId: z.string(),
  campaignId: z.number().int(),
  createdAt: z.string(),
  audience: z.enum(IN_APP_AUDIENCES),
  audienceLabel: z.string(),
  title: z.string(),
  body: z.string(),
  ctaLink: z.string().nullable(),
  ctaLabel: z.string().nullable(),
  thumbnail: z.string().nullable(),
  priorityLevel: z.number().int(),
  trigger: z.enum(IN_APP_TRIGGERS),
  position: z.enum(IN_APP_MESSAGES.positions),
  source: z.enum(['system', 'admin']),
  opens: z.number().int(),
  clicks: z.number().int(),
  reads: z.number().int(),
  /** When an admin retracted it (issue 19): gone from every bell and pop-up; its figures stay. */
  retractedAt: z.string().nullable(),
  /** Who retracted it: their name, or their email when they have none; null if not retracted. */
  retractedBy: z.string().nullable(),
});
export type SentMessage = z.infer<typeof sentMessageSchema>;
export const sentMessagesResponseSchema = z.object({ items: z.array(sentMessageSchema) });
export const composeMessageResponseSchema = z.object({ messageId: z.string() });

/** Organisations the composer can address (id and name, by name). */
export const messageOrganisationsResponseSchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** A `message-retracted` event's data (NOTIFICATION_STREAM_EVENTS; read by hand in the web app). */
export const notificationRetractedEventSchema = z.object({ messageId: z.string() });

export const messageIdParamsSchema = z.object({ messageId: text().min(1).max(100) });

export const retractMessageResponseSchema = z.object({
  messageId: z.string(),
  retractedAt: z.string(),
  retractedBy: z.string(),
});

/** Readers of one message per page of the admin's receipts view. */
export const MESSAGE_RECEIPTS_PAGE_SIZE = 25;
export const messageReceiptsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** One reader of a message: who, and their first open, read and click with the counts. */
export const messageReceiptSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  firstOpenedAt: z.string().nullable(),
  openCount: z.number().int(),
  readAt: z.string().nullable(),
  firstClickedAt: z.string().nullable(),
  clickCount: z.number().int(),
});
export type MessageReceipt = z.infer<typeof messageReceiptSchema>;

export const messageReceiptsSchema = z.object({
  message: z.object({
    messageId: z.string(),
    title: z.string(),
    createdAt: z.string(),
    audienceLabel: z.string(),
    retractedAt: z.string().nullable(),
    retractedBy: z.string().nullable(),
  }),
  /** People who opened, read and clicked it (each counted once). */
  totals: z.object({
    readers: z.number().int(),
    opened: z.number().int(),
    read: z.number().int(),
    clicked: z.number().int(),
  }),
  items: z.array(messageReceiptSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MessageReceipts = z.infer<typeof messageReceiptsSchema>;
