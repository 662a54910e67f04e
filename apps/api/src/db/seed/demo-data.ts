import { DEMO_PASSWORD } from '@offplan/shared';
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { rollUpListingEvents } from '../../jobs/listing-rollup.ts';
import { loadScoringRules } from '../../modules/lead-scoring/lead-scoring.repository.ts';
import type { Db } from '../client.ts';
import {
  account,
  leadBuyers,
  leadEvents,
  leads,
  member,
  organization,
  projectAccessRequests,
  projectConfigurations,
  projectMedia,
  projectMembers,
  projectRecommendations,
  projectSlugHistory,
  projects,
  user,
} from '../schema/index.ts';
import { addPendingRequestsForOwners, createAccessRequests } from './builders/access-requests.ts';
import { DEMO_SEED, type DemoRows } from './builders/common.ts';
import { addDemoStory } from './builders/demo-story.ts';
import { buildListings } from './builders/listings.ts';
import { buildOrganisations } from './builders/organisations.ts';
import { buildPeople } from './builders/people.ts';
import { createProjectMembers } from './builders/project-members.ts';
import { buildRecommendations } from './builders/recommendations.ts';
import { insertDemoBuyerDemand } from './demo-buyer-demand.ts';
import { buildDemoCrm, insertDemoCrm } from './demo-crm.ts';
import { buildDemoLeads, DEFAULT_DEMO_LEADS } from './demo-leads.ts';
import { buildDemoReporting, insertDemoReporting } from './demo-reporting.ts';
import { insertRows, type Tx } from './insert-rows.ts';
import { createRng } from './prng.ts';

export { DEMO_SEED, type DemoRows, demoUserId, normaliseName } from './builders/common.ts';
export {
  DEMO_ASSETS_DIR,
  DEMO_BROCHURE,
  DEMO_FLOORPLAN,
  DEMO_IMAGES,
  DEMO_MEDIA_BASE_URL,
  DEMO_MEDIA_FILES,
} from './demo-media.ts';

/** Base date of every timestamp: with DEMO_SEED, the same base date always gives the same data. */
export const DEMO_BASE_DATE_ISO = '2026-11-01T00:00:00Z';
export const DEFAULT_DEMO_PROJECTS = 320;
/** The portal's address under the default settings (HOST 127.0.0.1, PORT 3000). */
export const DEMO_BASE_URL = 'http://127.0.0.1:3000';
/** Fewer listings than this cannot carry the demo accounts' story and the enum coverage. */
export const MIN_DEMO_PROJECTS = 60;

/** The documented demo accounts; all share DEMO_PASSWORD. */
export const DEMO_ACCOUNTS = [
  {
    email: 'admin@demo.offplan.test',
    role: 'admin',
    description: 'Platform admin: every admin page, impersonation, campaign types and approvals.',
  },
  {
    email: 'developer@demo.offplan.test',
    role: 'user',
    description:
      'Developer, owner of Harbourline Developments: 8 projects, 3 recommended, 1 pending access request, 4 requests to review, leads in every status, 18 months of listing performance and buyer feedback.',
  },
  {
    email: 'marketer@demo.offplan.test',
    role: 'user',
    description:
      'Project marketer at Keystone Project Marketing: no projects, recommendations or requests yet.',
  },
  {
    email: 'agency@demo.offplan.test',
    role: 'user',
    description:
      'Media agency (Brightside Media Agency, role id 8): member of 3 projects, lead contact details masked.',
  },
  {
    email: 'unverified@demo.offplan.test',
    role: 'user',
    description: 'Registered but email not verified: is sent to /verify-email.',
  },
] as const;

export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

export type DemoSeedOptions = {
  /** Number of listings; default 320, at least MIN_DEMO_PROJECTS. */
  projects?: number;
  /** Base date every timestamp is derived from; default 2026-11-01T00:00:00Z. */
  now?: Date;
  /** Number of demo leads (issue 16); default 3,000, 0 for none. */
  leads?: number;
  /**
   * The portal's own address (settings' BASE_URL), for the demo webhook destinations that post to its
   * built-in receiver; default the address of the default settings.
   */
  baseUrl?: string;
  /** Called after each step with the rows it wrote and the time it took (for benchmarks). */
  onStep?: (step: string, rows: number, ms: number) => void;
};

export type DemoSeedSummary =
  | { skipped: true }
  | {
      skipped: false;
      organisations: number;
      projects: number;
      users: number;
      leads: number;
      /** Every row inserted, all tables together. */
      rows: number;
      accounts: { email: string; role: string; description: string }[];
    };

/**
 * Builds every row of the demo data in memory, one builder per table (db/seed/builders). Pure: the same
 * options give the same rows. The builders run in this order because they share generators and lookups.
 */
export function buildDemoRows(passwordHash: string, options: DemoSeedOptions = {}): DemoRows {
  const total = Math.max(MIN_DEMO_PROJECTS, Math.floor(options.projects ?? DEFAULT_DEMO_PROJECTS));
  const now = (options.now ?? new Date(DEMO_BASE_DATE_ISO)).getTime();
  // Organisations draw their ABNs, then people their join times, from this one generator.
  const rng = createRng(DEMO_SEED);
  const organisations = buildOrganisations(rng, now);
  const people = buildPeople(rng, now, passwordHash);
  const members = createProjectMembers();
  const listings = buildListings(now, total, people, members);
  const requests = createAccessRequests(now, listings.projects, people, members);
  addDemoStory(listings.projects, requests, members);
  addPendingRequestsForOwners(listings.projects, requests, members);
  return {
    organisations,
    users: people.users,
    accounts: people.accounts,
    members: people.members,
    projects: listings.projects,
    slugHistory: listings.slugHistory,
    configurations: listings.configurations,
    media: listings.media,
    projectMembers: members.rows,
    accessRequests: requests.rows,
    recommendations: buildRecommendations(listings.projects, people),
  };
}

/** Any fixed number: serialises demo seeding between processes sharing one database server. */
const SEED_LOCK_ID = 727_002;

/**
 * Fills an EMPTY database with the demo data, in one transaction; does nothing when a user exists.
 * Deterministic apart from the password hash (its salt is random).
 */
export async function seedDemoData(db: Db, options: DemoSeedOptions = {}): Promise<DemoSeedSummary> {
  const hasUsers = async (executor: Db | Tx) =>
    (await executor.select({ id: user.id }).from(user).limit(1)).length > 0;
  if (await hasUsers(db)) return { skipped: true };
  const step = options.onStep ?? (() => {});
  let clock = performance.now();
  const done = (name: string, rows: number) => {
    const at = performance.now();
    step(name, rows, at - clock);
    clock = at;
  };
  // One hash for every demo user: scrypt is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  done('hash password', 0);
  const rows = buildDemoRows(passwordHash, options);
  done('build rows', 0);
  const seedNow = (options.now ?? new Date(DEMO_BASE_DATE_ISO)).getTime();
  const inserted = await db.transaction(async (tx) => {
    // Processes starting together on one server seed once: the others wait here, then skip.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (await hasUsers(tx)) return null;
    const insert = async <T extends PgTable>(name: string, table: T, list: T['$inferInsert'][]) => {
      await insertRows(tx, table, list);
      done(name, list.length);
    };
    await insert('organization', organization, rows.organisations);
    await insert('user', user, rows.users);
    await insert('account', account, rows.accounts);
    await insert('member', member, rows.members);
    await insert('projects', projects, rows.projects);
    // Listing ids were given explicitly: move the identity past them.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('projects', 'id'), ${rows.projects.length}::bigint, true)`,
    );
    await insert('project_slug_history', projectSlugHistory, rows.slugHistory);
    await insert('project_configurations', projectConfigurations, rows.configurations);
    await insert('project_media', projectMedia, rows.media);
    await insert('project_members', projectMembers, rows.projectMembers);
    await insert('project_access_requests', projectAccessRequests, rows.accessRequests);
    await insert('project_recommendations', projectRecommendations, rows.recommendations);
    // Scored by the rules migration 0009 put in the database, as intake scores a new lead.
    const demoLeads = buildDemoLeads(rows, await loadScoringRules(tx), {
      now: seedNow,
      count: options.leads ?? DEFAULT_DEMO_LEADS,
    });
    done('build leads', 0);
    // Half the cost of writing 20,000 lead rows is checking their foreign keys, row by row: rows built
    // together in memory need no checking (the demo data test joins them all). Only a superuser may
    // skip the checks (always on the embedded database); otherwise they run.
    const [{ superuser }] = (
      (await tx.execute(sql`select current_setting('is_superuser') = 'on' as superuser`)) as unknown as {
        rows: { superuser: boolean }[];
      }
    ).rows as [{ superuser: boolean }];
    if (superuser) await tx.execute(sql`set local session_replication_role = replica`);
    await insert('lead_buyers', leadBuyers, demoLeads.buyers);
    await insert('leads', leads, demoLeads.leads);
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('leads', 'id'), ${Math.max(1, demoLeads.leads.length)}::bigint, ${demoLeads.leads.length > 0})`,
    );
    await insert('lead_events', leadEvents, demoLeads.events);
    // Issue 17: listing performance and buyer feedback for the listings and leads above.
    const reporting = buildDemoReporting(rows, demoLeads, { now: seedNow });
    done('build reporting', 0);
    await insertDemoReporting(tx, reporting, done);
    // Issue 18: the developer's CRM destinations, the deliveries of its recent leads, an API key.
    const crm = buildDemoCrm(rows, demoLeads, { now: seedNow, baseUrl: options.baseUrl ?? DEMO_BASE_URL });
    await insertDemoCrm(tx, crm, done);
    if (superuser) await tx.execute(sql`set local session_replication_role = origin`);
    await insertDemoBuyerDemand(tx, rows, { now: seedNow }, done);
    return demoLeads;
  });
  done('commit', 0);
  if (!inserted) return { skipped: true };
  // The demo's recent raw events, into the rollups now rather than at the job's next minute. One run:
  // what a transaction still open elsewhere holds back, the job adds later.
  await rollUpListingEvents(db);
  done('roll up events', 0);
  // A bulk load leaves the trigram indexes' pending lists unmerged (every title search then reads them
  // through) and the planner without statistics. PGlite has no autovacuum and PostgreSQL's comes when it
  // chooses: tidy up now, so the first searches are planned and run as they will be from then on.
  // The lead tables are left out: vacuuming 20,000 fresh rows would rewrite every page for nothing their
  // queries use (a fifth of the first start's seeding time). Only the leads page's table needs the
  // planner's statistics; timelines and buyers are read by key.
  // The day rollups (200,000 rows) likewise: the reports read them by key, and analyse is enough.
  const leadTables = [
    'lead_buyers',
    'leads',
    'lead_events',
    'listing_metric_days',
    'listing_visitor_sketches',
  ];
  const others = (
    (await db.execute(
      sql`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') and tablename not in (${sql.join(
        leadTables.map((name) => sql`${name}`),
        sql`, `,
      )}) order by 1`,
    )) as unknown as { rows: { name: string }[] }
  ).rows.map((row) => row.name);
  await db.execute(sql.raw(`vacuum (analyze) ${others.join(', ')}`));
  await db.execute(sql`analyze leads, listing_metric_days, listing_visitor_sketches`);
  done('vacuum', 0);
  return {
    skipped: false,
    organisations: rows.organisations.length,
    projects: rows.projects.length,
    users: rows.users.length,
    leads: inserted.leads.length,
    rows: [...Object.values(rows), ...Object.values(inserted)].reduce((sum, list) => sum + list.length, 0),
    accounts: DEMO_ACCOUNTS.map(({ email, role, description }) => ({ email, role, description })),
  };
}
