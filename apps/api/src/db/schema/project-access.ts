import { sql } from 'drizzle-orm';
import {
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
import { organization, user } from './auth.ts';
import { projects } from './projects.ts';

/** Approved project membership: the user's own projects (spec §3 account state `projects`). */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.userId] }),
    index('project_members_user_idx').on(table.userId),
  ],
);

/** Access requests; status follows APPROVAL of @offplan/shared (0 pending, 1 approved, 2 declined, 3 withdrawn). */
export const projectAccessRequests = pgTable(
  'project_access_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(0),
    note: text('note'),
    decidedById: text('decided_by_id').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One pending request per user and project (design §2: duplicates are refused).
    uniqueIndex('project_access_requests_pending_uidx')
      .on(table.projectId, table.userId)
      .where(sql`${table.status} = 0`),
    index('project_access_requests_user_idx').on(table.userId, table.status),
    // Admins' list of every pending request, newest first (issue 5).
    index('project_access_requests_pending_created_idx').on(table.createdAt).where(sql`${table.status} = 0`),
  ],
);

/** Projects recommended to a user: matched by name or domain, or assigned by an admin (design §2). */
export const projectRecommendations = pgTable(
  'project_recommendations',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['name_match', 'domain_match', 'admin'] }).notNull(),
    assignedById: text('assigned_by_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.projectId] }),
    index('project_recommendations_project_idx').on(table.projectId),
  ],
);

export const joinRequestStatusEnum = pgEnum('join_request_status', ['PENDING', 'APPROVED', 'DECLINED']);

/**
 * Someone who registered with the name (or the email domain) of an existing organisation asks to join
 * it; its owners approve or decline (issue 18 item 2, decision 030). One pending request per person.
 */
export const organisationJoinRequests = pgTable(
  'organisation_join_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** What matched: the normalised name or the email domain. */
    matchedBy: text('matched_by', { enum: ['name', 'domain'] }).notNull(),
    status: joinRequestStatusEnum('status').notNull().default('PENDING'),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('organisation_join_requests_organisation_idx').on(table.organisationId, table.status),
    uniqueIndex('organisation_join_requests_pending_uidx')
      .on(table.userId)
      .where(sql`${table.status} = 'PENDING'`),
  ],
);
