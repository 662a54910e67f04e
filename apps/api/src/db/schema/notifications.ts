import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.ts';

/**
 * In-app messages of the bell and the pop-ups (spec §3 "Notification", §9 "In-app message rules";
 * design §5). One row per message; who it is for is the audience: everyone, one organisation or one user.
 * Per-user state (opened, clicked, read) lives in `inAppMessageReceipts`, so a message to everyone or
 * to an organisation is read separately by each of its readers.
 */
export const inAppMessages = pgTable(
  'in_app_messages',
  {
    id: text('id').primaryKey(),
    /** The campaign id the analytics events carry (spec §7); numeric like the vendor's. */
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    audience: text('audience', { enum: ['everyone', 'organisation', 'user'] }).notNull(),
    audienceUserId: text('audience_user_id').references(() => user.id, { onDelete: 'cascade' }),
    audienceOrganisationId: text('audience_organisation_id').references(() => organization.id, {
      onDelete: 'cascade',
    }),
    title: text('title').notNull(),
    /** HTML; sanitised by the web before it is rendered. */
    body: text('body').notNull(),
    ctaLink: text('cta_link'),
    ctaLabel: text('cta_label'),
    thumbnail: text('thumbnail'),
    priorityLevel: integer('priority_level').notNull().default(100),
    trigger: text('trigger', { enum: ['immediate', 'never'] })
      .notNull()
      .default('immediate'),
    position: text('position', { enum: ['Center', 'TopRight', 'BottomRight', 'Full'] })
      .notNull()
      .default('Center'),
    source: text('source', { enum: ['system', 'admin'] }).notNull(),
    createdById: text('created_by_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** An admin took the message back (issue 19): it leaves every bell and pop-up; kept for its figures. */
    retractedAt: timestamp('retracted_at', { withTimezone: true }),
    retractedById: text('retracted_by_id').references(() => user.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('in_app_messages_user_idx').on(table.audienceUserId, table.createdAt),
    index('in_app_messages_org_idx').on(table.audienceOrganisationId, table.createdAt),
    index('in_app_messages_created_idx').on(table.createdAt),
  ],
);

/** One reader's state of one message: first open/click/read time and how often opened and clicked. */
export const inAppMessageReceipts = pgTable(
  'in_app_message_receipts',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => inAppMessages.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    openCount: integer('open_count').notNull().default(0),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    clickCount: integer('click_count').notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.userId] }),
    index('in_app_message_receipts_user_idx').on(table.userId),
  ],
);
