import { DEVICE_CLASSES, LISTING_EVENT_KINDS } from '@offplan/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { leadBuyerTypeEnum, leads } from './leads.ts';
import { projects } from './projects.ts';

/**
 * Reporting (issue 17, decision 028): raw listing events, the day-level rollups reports read, and
 * buyer feedback.
 */

export const listingEventKindEnum = pgEnum('listing_event_kind', LISTING_EVENT_KINDS);
export const deviceClassEnum = pgEnum('device_class', DEVICE_CLASSES);

/** A transaction id (`pg_current_xact_id()`), as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * What visitors do on public listing pages. Partitioned by month on `occurred_at` (the migration
 * creates it `PARTITION BY RANGE`; `ensure_listing_event_partitions` makes the months), so retention
 * drops whole partitions. `tx` is the inserting transaction: the rollup takes every event whose
 * transaction finished since its last run (decision 028), however late it committed. Anonymous: the
 * visitor is kept only as a HyperLogLog register and rank, never as an id.
 */
export const listingEvents = pgTable(
  'listing_events',
  {
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity().notNull(),
    projectId: integer('project_id').notNull(),
    kind: listingEventKindEnum('kind').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    tx: xid8('tx').notNull().default(sql`pg_current_xact_id()`),
    visitorRegister: integer('visitor_register').notNull(),
    visitorRank: smallint('visitor_rank').notNull(),
    device: deviceClassEnum('device').notNull(),
    referrerHost: text('referrer_host'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
  },
  (table) => [index('listing_events_tx_idx').on(table.tx)],
);

/** Events per project, day (REPORTING_TIME_ZONE) and kind. Kept for ever. */
export const listingMetricDays = pgTable(
  'listing_metric_days',
  {
    projectId: integer('project_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: listingEventKindEnum('kind').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.day, table.kind] })],
);

/** The spans a visitor sketch covers: a day, an ISO week from its Monday, a month from its first day. */
export const VISITOR_SKETCH_GRAINS = ['day', 'week', 'month'] as const;
export type VisitorSketchGrain = (typeof VISITOR_SKETCH_GRAINS)[number];
export const visitorSketchGrainEnum = pgEnum('visitor_sketch_grain', VISITOR_SKETCH_GRAINS);

/** Bytes as they are stored: both drivers hand `bytea` back as a Uint8Array (node-postgres a Buffer). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Unique visitors per project as HyperLogLog sketches (lib/hyperloglog.ts: 2^16 registers, about 0.4%
 * standard error) at three grains: each day, each ISO week (from its Monday) and each month (from its
 * first day). A sketch is its set registers packed (`packSketch`), so a report over two years reads a
 * project's weeks and months, a few hundred short rows, instead of every visitor of every day. Merging
 * sketches (the greatest rank per register) counts a visitor once however many days they came back.
 * The rollup merges new visitors into all three grains. Kept for ever.
 */
export const listingVisitorSketches = pgTable(
  'listing_visitor_sketches',
  {
    projectId: integer('project_id').notNull(),
    grain: visitorSketchGrainEnum('grain').notNull(),
    starts: date('starts', { mode: 'string' }).notNull(),
    sketch: bytea('sketch').notNull(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.grain, table.starts] })],
);

/** Where the rollup got to: every event of a transaction below `rolledBelow` is in the rollups. */
export const listingRollupState = pgTable('listing_rollup_state', {
  id: smallint('id').primaryKey().default(1),
  rolledBelow: xid8('rolled_below').notNull(),
  rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The single-use link a buyer gets after an enquiry (design §4). Only the token's SHA-256 is kept, so
 * a copy of the database cannot rate on a buyer's behalf.
 */
export const buyerFeedbackRequests = pgTable(
  'buyer_feedback_requests',
  {
    leadId: integer('lead_id')
      .primaryKey()
      .references(() => leads.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('buyer_feedback_requests_token_idx').on(table.tokenHash)],
);

/** A buyer's rating of a project and of the agent who handled them (0–5 stars), with a comment. */
export const buyerFeedback = pgTable(
  'buyer_feedback',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    agentId: text('agent_id').references(() => user.id, { onDelete: 'set null' }),
    buyerType: leadBuyerTypeEnum('buyer_type').notNull(),
    projectRating: smallint('project_rating').notNull(),
    agentRating: smallint('agent_rating'),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('buyer_feedback_lead_idx').on(table.leadId),
    index('buyer_feedback_project_created_idx').on(table.projectId, table.createdAt),
    index('buyer_feedback_agent_idx').on(table.agentId).where(sql`${table.agentId} is not null`),
    check('buyer_feedback_project_rating', sql`${table.projectRating} between 0 and 5`),
    check('buyer_feedback_agent_rating', sql`${table.agentRating} between 0 and 5`),
  ],
);
