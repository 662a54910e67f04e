import { DEMAND_SOURCES } from '@offplan/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { australianStateEnum } from './enums.ts';
import { leadBuyerTypeEnum } from './leads.ts';

/**
 * Buyer demand (issue 19, decision 035): the searches the public marketplace reports, and the daily
 * rollup of what buyers ask for that /buyer-demands reads. Triggers (migration 0017) keep the rollup in
 * the transaction of every lead insert, change and delete and of every search intake.
 */

export const demandSourceEnum = pgEnum('buyer_demand_source', DEMAND_SOURCES);

/** One search a buyer ran on the public marketplace (POST /api/marketplace-searches). Anonymous. */
export const marketplaceSearches = pgTable(
  'marketplace_searches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** When the buyer searched (as the marketplace reports it). */
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    state: australianStateEnum('state').notNull(),
    /** Empty: anywhere in the state. */
    suburbs: text('suburbs').array().notNull().default(sql`'{}'::text[]`),
    /** The fewest bedrooms asked for; null: any. */
    bedrooms: smallint('bedrooms'),
    priceMin: integer('price_min'),
    priceMax: integer('price_max'),
    buyerType: leadBuyerTypeEnum('buyer_type'),
  },
  (table) => [index('marketplace_searches_searched_idx').on(table.searchedAt)],
);

/** The spans a count covers: a day, or a month from its first day (REPORTING_TIME_ZONE). */
export const DEMAND_GRAINS = ['DAY', 'MONTH'] as const;
export const demandGrainEnum = pgEnum('buyer_demand_grain', DEMAND_GRAINS);
/** What a count is of: a suburb (as spelt), bedrooms (5 = 5 and more) or a budget band. */
export const DEMAND_DIMENSIONS = ['SUBURB', 'BEDROOMS', 'BUDGET_BAND'] as const;
export const demandDimensionEnum = pgEnum('buyer_demand_dimension', DEMAND_DIMENSIONS);

/**
 * Demand per grain (day and month), source, state, buyer type and ONE dimension's value (decision 035):
 * every enquiry or searched suburb counts once under each dimension and grain. One dimension at a time
 * keeps the rows few (a cross-product of suburb, bedrooms, band and type would be about one row per
 * lead); a period reads its whole months and only its edge days. Null values are "not said" and count
 * as one value (NULLS NOT DISTINCT), so the triggers' upserts find them.
 */
export const buyerDemandCounts = pgTable(
  'buyer_demand_counts',
  {
    dimension: demandDimensionEnum('dimension').notNull(),
    grain: demandGrainEnum('grain').notNull(),
    starts: date('starts', { mode: 'string' }).notNull(),
    source: demandSourceEnum('source').notNull(),
    state: australianStateEnum('state').notNull(),
    buyerType: leadBuyerTypeEnum('buyer_type'),
    value: text('value'),
    count: integer('count').notNull(),
  },
  (table) => [
    unique('buyer_demand_counts_key')
      .on(table.dimension, table.grain, table.starts, table.source, table.state, table.buyerType, table.value)
      .nullsNotDistinct(),
    // Migration 0017 also makes buyer_demand_counts_read_idx (dimension, grain, starts) INCLUDE (state,
    // source, buyer_type, value, count): reports read the index alone. Drizzle's builder has no INCLUDE.
    // The rows a decrement emptied, found at once to be deleted.
    index('buyer_demand_counts_empty_idx').on(table.starts).where(sql`${table.count} <= 0`),
  ],
);
