import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * An admin's edit of one permission set at /roles (issue 19, design §1). The starting sets live in code
 * (packages/shared permissions.ts); a row here replaces one set's permissions until it is reset. A change
 * is announced on the `auth_changed` channel (migration 0016), so every process reads it on its next request.
 */
export const permissionSetOverrides = pgTable('permission_set_overrides', {
  /** The set's key: `platform_admin`, `organisation_owner|admin|member`, `job_role_<id>`. */
  setKey: text('set_key').primaryKey(),
  permissions: text('permissions').array().notNull(),
  updatedById: text('updated_by_id').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An admin's wording of one of the portal's emails at /email-settings (issue 19). Without a row, the
 * template's default (in code) is sent; a row holds the subject and body as edited, per tenant.
 */
export const emailTemplateOverrides = pgTable(
  'email_template_overrides',
  {
    tenant: text('tenant').notNull(),
    /** The template's name: `verify-email`, `reset-password`, `invitation`, `lead-new`, … */
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedById: text('updated_by_id').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenant, table.name] })],
);
