import { DEMAND_SOURCES } from '@offplan/shared';
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgEnum, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
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

/**
 * Demand per day (REPORTING_TIME_ZONE), source, state, suburb, bedrooms, budget band and buyer type.
 * Nulls are "not said" and count as one value (NULLS NOT DISTINCT), so the triggers' upserts find them.
 */
export const buyerDemandDays = pgTable(
  'buyer_demand_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    source: demandSourceEnum('source').notNull(),
    state: australianStateEnum('state').notNull(),
    suburb: text('suburb'),
    bedrooms: smallint('bedrooms'),
    budgetBand: text('budget_band'),
    buyerType: leadBuyerTypeEnum('buyer_type'),
    count: integer('count').notNull(),
  },
  (table) => [
    unique('buyer_demand_days_key')
      .on(table.day, table.source, table.state, table.suburb, table.bedrooms, table.budgetBand, table.buyerType)
      .nullsNotDistinct(),
  ],
);
