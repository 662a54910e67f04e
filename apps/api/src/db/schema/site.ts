import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * Portal-wide switches admins change at run time (issue 4): one row, id 'global'. Every process reads
 * it per request through a short cache (modules/site/site.state.ts), so a change needs no restart.
 */
export const siteSettings = pgTable('site_settings', {
  id: text('id').primaryKey(),
  maintenanceMode: boolean('maintenance_mode').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedById: text('updated_by_id').references(() => user.id, { onDelete: 'set null' }),
});

export type TenantPartnerLogo = { name: string; src: string; alt: string };

/**
 * Portal tenants (spec §1, design §8): the host name picks one; it sets the site name, logo, partner
 * logos of the welcome panel, colours and the default campaign type. Filled on first use from
 * lib/tenants.ts defaults, then kept here so an operator can change a tenant without a release.
 */
export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  displayName: text('display_name').notNull(),
  siteName: text('site_name').notNull(),
  portalType: text('portal_type').notNull(),
  defaultCampaignType: text('default_campaign_type').notNull(),
  /** A Mantine colour name for the web app (e.g. 'blue', 'teal'). */
  primaryColor: text('primary_color').notNull(),
  /** The same colour as hex, for emails. */
  primaryHex: text('primary_hex').notNull(),
  logoUrl: text('logo_url').notNull(),
  /** The From of the tenant's emails ('Name <address>'); empty means the site name at EMAIL_FROM's address. */
  emailFrom: text('email_from'),
  partnerLogos: jsonb('partner_logos').$type<TenantPartnerLogo[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Messages from /feedback (spec §2): kept here and emailed to the team through the outbox. */
export const feedback = pgTable(
  'feedback',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    tenant: text('tenant').notNull(),
    category: text('category').notNull(),
    message: text('message').notNull(),
    page: text('page'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('feedback_created_idx').on(table.createdAt)],
);

/** "Register interest" in a Coming Soon product (spec §2 hidden section): once per user and product. */
export const productInterest = pgTable(
  'product_interest',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    product: text('product').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('product_interest_user_product_idx').on(table.userId, table.product)],
);
