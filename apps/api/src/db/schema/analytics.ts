import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * First-party event store (issue 6): what the tracker sends, kept for the retention setting.
 * `insert_id` makes a retried batch idempotent; the forwarded columns make forwarding exactly-once per vendor,
 * and the claim columns keep two jobs (a retry and the nightly re-forward, in any process) from sending one event twice.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    insertId: text('insert_id').primaryKey(),
    eventType: text('event_type').notNull(),
    time: timestamp('time', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    version: text('version').notNull(),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    deviceId: text('device_id').notNull(),
    userId: text('user_id'),
    campaignId: text('campaign_id'),
    eventProperties: jsonb('event_properties').$type<Record<string, unknown>>().notNull(),
    userProperties: jsonb('user_properties').$type<Record<string, unknown>>().notNull(),
    amplitudeForwardedAt: timestamp('amplitude_forwarded_at', { withTimezone: true }),
    posthogForwardedAt: timestamp('posthog_forwarded_at', { withTimezone: true }),
    amplitudeClaimedUntil: timestamp('amplitude_claimed_until', { withTimezone: true }),
    posthogClaimedUntil: timestamp('posthog_claimed_until', { withTimezone: true }),
  },
  (table) => [
    index('analytics_events_received_idx').on(table.receivedAt),
    index('analytics_events_user_idx').on(table.userId, table.time),
    index('analytics_events_type_idx').on(table.eventType, table.time),
  ],
);
