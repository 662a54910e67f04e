import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who did what. `actorUserId` is always the real person: during impersonation the admin,
 * with the impersonated user in `actingAsUserId`. No foreign keys: the trail outlives deleted users.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: text('actor_user_id'),
    actingAsUserId: text('acting_as_user_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    data: jsonb('data').$type<Record<string, unknown>>(),
  },
  (table) => [
    index('audit_log_actor_idx').on(table.actorUserId, table.at),
    index('audit_log_target_idx').on(table.targetType, table.targetId),
  ],
);
