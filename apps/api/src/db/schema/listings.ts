import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Public-page cache purges, shared between app processes (design §9): every process polls the rows
 * written since its last look (every ≤ 500 ms) and drops those paths from its in-process cache.
 * Rows older than a day are deleted by the poller.
 */
export const pagePurges = pgTable(
  'page_purges',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** A public path such as `/nsw/harbour-residences-pyrmont`, or `*` for every page. */
    path: text('path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('page_purges_created_at_idx').on(table.createdAt)],
);
