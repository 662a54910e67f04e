import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * Every email and SMS the portal sends (design §9). A row is written in the same request that
 * decides to send; a job delivers it (SMTP or an SMS provider when configured) and records the outcome.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: text('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    /** Files sent with an email (a CRM email's lead JSON, issue 18): text content, as nodemailer takes it. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>(),
    /** What kind of message (verify-email, reset-password, …): for the mailbox and per-kind reporting. */
    template: text('template').notNull(),
    tenant: text('tenant').notNull(),
    /** The email's From, taken from the tenant row when it was written; empty means EMAIL_FROM. */
    sender: text('sender'),
    status: text('status', { enum: ['pending', 'sent', 'stored', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('outbox_messages_created_idx').on(table.createdAt)],
);

/**
 * An invitation to the portal: by a platform admin, or by an organisation's owner or admin to join it
 * with `role` (issue 18, decision 030). The invitee sets a password at /activate. Tokens are kept
 * hashed; a revoked invitation keeps its row (`revoked_at`) for the record.
 */
export const userInvitations = pgTable(
  'user_invitations',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    organisationId: text('organisation_id'),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: text('accepted_user_id'),
    /** The organisation role the invitee gets (owner, admin, member). */
    role: text('role').notNull().default('member'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('user_invitations_email_idx').on(table.email)],
);

/**
 * The admin's magic token while acting as a user (spec §6, design §1): single use, one hour, bound to
 * the admin and to the impersonation session, stored only as a hash.
 */
export const impersonationTokens = pgTable('impersonation_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  adminUserId: text('admin_user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  targetUserId: text('target_user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** The impersonation session, ended when the admin returns. */
  sessionId: text('session_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters shared by every process through the database (per-account and per-number limits). */
export const throttleCounters = pgTable('throttle_counters', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});
