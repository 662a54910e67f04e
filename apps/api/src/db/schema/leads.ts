import {
  ENQUIRY_BUYER_TYPES,
  FINANCE_STATUSES,
  LEAD_SOURCES,
  LEAD_STATUSES,
  LEAD_TIMELINE_KINDS,
  SCORING_FIELDS,
  SCORING_OPERATORS,
  type ScoreContribution,
  TIMEFRAMES,
} from '@offplan/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organization, user } from './auth.ts';
import { projects } from './projects.ts';

export const leadStatusEnum = pgEnum('lead_status', LEAD_STATUSES);
export const leadBuyerTypeEnum = pgEnum('lead_buyer_type', ENQUIRY_BUYER_TYPES as [string, ...string[]]);

/**
 * One person who enquired, found again by email or phone (design §3 dedupe): every lead of theirs, on
 * any project, points here, so "also enquired on …" is one lookup.
 */
export const leadBuyers = pgTable(
  'lead_buyers',
  {
    id: text('id').primaryKey(),
    /** Lower-cased. */
    email: text('email'),
    /** E.164. */
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('lead_buyers_email_uidx').on(table.email).where(sql`${table.email} is not null`),
    index('lead_buyers_phone_idx').on(table.phone).where(sql`${table.phone} is not null`),
  ],
);

/** A buyer's enquiry on one project and everything the team does with it (issue 16). */
export const leads = pgTable(
  'leads',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => leadBuyers.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    postcode: text('postcode'),
    buyerType: leadBuyerTypeEnum('buyer_type').notNull(),
    budget: integer('budget'),
    bedrooms: smallint('bedrooms'),
    configuration: text('configuration'),
    timeframe: text('timeframe', { enum: TIMEFRAMES }),
    financeStatus: text('finance_status', { enum: FINANCE_STATUSES }),
    message: text('message'),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    source: text('source', { enum: LEAD_SOURCES }).notNull().default('listing'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    referrer: text('referrer'),
    campaignId: text('campaign_id'),
    status: leadStatusEnum('status').notNull().default('NEW'),
    lostReason: text('lost_reason'),
    salePrice: integer('sale_price'),
    saleDate: date('sale_date'),
    assigneeId: text('assignee_id').references(() => user.id, { onDelete: 'set null' }),
    /** The rules' total (0–100) at the last scoring, before decay. */
    baseScore: smallint('base_score').notNull().default(0),
    /** What the table sorts and filters by: base score less decay. */
    score: smallint('score').notNull().default(0),
    scoreContributions: jsonb('score_contributions').$type<ScoreContribution[]>().notNull().default([]),
    /** Enquiries merged into this lead (repeats within 24 hours count once). */
    enquiryCount: integer('enquiry_count').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastEnquiryAt: timestamp('last_enquiry_at', { withTimezone: true }).notNull().defaultNow(),
    /** Any enquiry, status change, note or assignment: what decay counts from. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    /** The first move out of New (speed-to-lead). */
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    firstResponseById: text('first_response_by_id').references(() => user.id, { onDelete: 'set null' }),
    /** When the team's notifications were written (once, whatever the job retries). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /** When the speed-to-lead alert went out (once). */
    speedAlertAt: timestamp('speed_alert_at', { withTimezone: true }),
  },
  (table) => [
    index('leads_project_created_idx').on(table.projectId, table.createdAt.desc(), table.id.desc()),
    index('leads_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('leads_project_score_idx').on(table.projectId, table.score),
    // Sorting every readable lead by score (admins' /enquiries, members of many projects): walked either way.
    index('leads_score_idx').on(table.score, table.id),
    index('leads_project_status_idx').on(table.projectId, table.status),
    index('leads_buyer_idx').on(table.buyerId, table.projectId),
    index('leads_assignee_idx').on(table.assigneeId).where(sql`${table.assigneeId} is not null`),
    index('leads_inactive_idx').on(table.lastActivityAt),
  ],
);

/** A lead's timeline: enquiries, status changes, notes, assignments, alerts. */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LEAD_TIMELINE_KINDS }).notNull(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    /** Plain text: a note, a lost reason, a repeat enquiry's message. */
    text: text('text'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('lead_events_lead_idx').on(table.leadId, table.createdAt)],
);

/** The scoring rules admins edit at /lead-scoring (design §3), applied in `position` order. */
export const leadScoringRules = pgTable('lead_scoring_rules', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  position: integer('position').notNull(),
  field: text('field', { enum: SCORING_FIELDS }).notNull(),
  operator: text('operator', { enum: SCORING_OPERATORS }).notNull(),
  value: jsonb('value').$type<string | number | string[] | null>(),
  points: smallint('points').notNull(),
  label: text('label').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  updatedById: text('updated_by_id').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A project's lead-notification emails; none means the default (organisation owners and project members). */
export const projectLeadRecipients = pgTable(
  'project_lead_recipients',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.email] })],
);

/** An organisation's speed-to-lead target (issue 16); without a row, 15 minutes in business hours. */
export const organisationLeadSettings = pgTable('organisation_lead_settings', {
  organisationId: text('organisation_id')
    .primaryKey()
    .references(() => organization.id, { onDelete: 'cascade' }),
  responseTargetMinutes: integer('response_target_minutes').notNull().default(15),
  businessHoursOnly: boolean('business_hours_only').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Users who chose the daily lead digest on their profile. */
export const leadDigestSubscriptions = pgTable('lead_digest_subscriptions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
