import { API_KEY_SCOPES, CRM_DELIVERY_STATUSES, CRM_DESTINATION_KINDS } from '@offplan/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organization, user } from './auth.ts';
import { leads } from './leads.ts';
import { projects } from './projects.ts';

/** CRM integration (issue 18, decision 029): destinations, deliveries and their attempts, API keys. */

export const crmDestinationKindEnum = pgEnum('crm_destination_kind', CRM_DESTINATION_KINDS);
export const crmDeliveryStatusEnum = pgEnum('crm_delivery_status', CRM_DELIVERY_STATUSES);
export const apiKeyScopeEnum = pgEnum('api_key_scope', API_KEY_SCOPES);

/**
 * Where an organisation's leads go: a webhook (signed with `secret`, and during a rotation's overlap
 * window with `previous_secret` too) or a CRM's inbound email address. The secrets are kept as they
 * are: signing needs them (the page shows them once and then only their last characters).
 */
export const crmDestinations = pgTable(
  'crm_destinations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: crmDestinationKindEnum('kind').notNull(),
    url: text('url'),
    email: text('email'),
    /** True: every project of the organisation, now and later; false: those in crm_destination_projects. */
    allProjects: boolean('all_projects').notNull().default(true),
    enabled: boolean('enabled').notNull().default(true),
    /** Set when the portal disabled it (a 410 answer); cleared when an owner enables it again. */
    disabledReason: text('disabled_reason'),
    secret: text('secret'),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('crm_destinations_organisation_idx').on(table.organisationId)],
);

/** The projects a destination delivers when it is not for all projects. */
export const crmDestinationProjects = pgTable(
  'crm_destination_projects',
  {
    destinationId: integer('destination_id')
      .notNull()
      .references(() => crmDestinations.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.destinationId, table.projectId] }),
    index('crm_destination_projects_project_idx').on(table.projectId),
  ],
);

/**
 * One lead (or test lead) to one destination: made once per pair (the unique index), whatever retries
 * or resends follow, so `message_id` (the `webhook-id`) is the same on every attempt.
 */
export const crmDeliveries = pgTable(
  'crm_deliveries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    destinationId: integer('destination_id')
      .notNull()
      .references(() => crmDestinations.id, { onDelete: 'cascade' }),
    /** Null for a test lead. */
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    test: boolean('test').notNull().default(false),
    messageId: text('message_id').notNull(),
    status: crmDeliveryStatusEnum('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    responseCode: integer('response_code'),
    latencyMs: integer('latency_ms'),
    error: text('error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('crm_deliveries_message_uidx').on(table.messageId),
    uniqueIndex('crm_deliveries_destination_lead_uidx')
      .on(table.destinationId, table.leadId)
      .where(sql`${table.leadId} is not null`),
    index('crm_deliveries_destination_created_idx').on(table.destinationId, table.createdAt, table.id),
    index('crm_deliveries_lead_idx').on(table.leadId),
  ],
);

/** Every attempt of a delivery, for the log. */
export const crmDeliveryAttempts = pgTable(
  'crm_delivery_attempts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => crmDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    responseCode: integer('response_code'),
    latencyMs: integer('latency_ms').notNull(),
    ok: boolean('ok').notNull(),
    error: text('error'),
  },
  (table) => [index('crm_delivery_attempts_delivery_idx').on(table.deliveryId, table.attemptedAt)],
);

/** An organisation's key for the lead API: only its SHA-256 is kept; `prefix` tells keys apart. */
export const organisationApiKeys = pgTable(
  'organisation_api_keys',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: apiKeyScopeEnum('scope').notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('organisation_api_keys_hash_uidx').on(table.keyHash),
    index('organisation_api_keys_organisation_idx').on(table.organisationId),
  ],
);
