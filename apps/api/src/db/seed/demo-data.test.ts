import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  APPROVAL,
  AUSTRALIAN_STATES,
  BUILDING_TYPES,
  CAMPAIGN_TYPES,
  DEMO_PASSWORD,
  LEAD_STATUSES,
  normalisePhone,
  PROJECT_TYPES,
  REPORTING_TIME_ZONE,
  SALES_PERIOD_STAGES,
  SALES_STATUSES,
  STAGES,
  scoreDecayPoints,
  scoreLead,
} from '@offplan/shared';
import { verifyPassword } from 'better-auth/crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HLL_REGISTERS, unionEstimate } from '../../lib/hyperloglog.ts';
import { CRM_RETRY_SCHEDULE_SECONDS } from '../../modules/crm/crm-workers.ts';
import { loadScoringRules } from '../../modules/lead-scoring/lead-scoring.repository.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import type { Database } from '../client.ts';
import {
  account,
  member,
  organization,
  projectAccessRequests,
  projectConfigurations,
  projectMedia,
  projectMembers,
  projectRecommendations,
  projects,
  user,
} from '../schema/index.ts';
import {
  buildDemoCrm,
  DEMO_API_KEY_NAME,
  DEMO_CRM_DESTINATIONS,
  DEMO_CRM_EMAIL,
  DEMO_CRM_RECENT_LEADS,
} from './demo-crm.ts';
import {
  buildDemoRows,
  DEFAULT_DEMO_PROJECTS,
  DEMO_ACCOUNTS,
  DEMO_BASE_DATE_ISO,
  DEMO_BASE_URL,
  DEMO_BROCHURE,
  DEMO_FLOORPLAN,
  DEMO_IMAGES,
  demoUserId,
  normaliseName,
  seedDemoData,
} from './demo-data.ts';
import { buildDemoLeads, DEFAULT_DEMO_LEADS, DEMO_LEAD_DAYS } from './demo-leads.ts';
import { DEMO_RAW_EVENT_DAYS } from './demo-reporting.ts';
import { SUBURBS } from './suburbs.ts';

const assetsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets');

/** Raw rows, whichever driver (PGlite or node-postgres) is under the test database. */
async function rowsOf(database: Database, query: string): Promise<Record<string, unknown>[]> {
  const result = await database.db.execute(sql.raw(query));
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

const count = async (database: Database, query: string) => Number((await rowsOf(database, query))[0]!.n);

// One seeded database for the three groups below (seeding 320 listings takes a while), opened by the first.
let database: Database;
let summary: Awaited<ReturnType<typeof seedDemoData>>;
let seeding: Promise<void> | undefined;
const seedOnce = () =>
  (seeding ??= (async () => {
    database = await openTestDatabase();
    summary = await seedDemoData(database.db);
  })());
afterAll(async () => {
  await database?.close();
});

describe('seedDemoData: organisations and listings', () => {
  beforeAll(seedOnce, 120_000);

  it('fills an empty database and reports the demo accounts', () => {
    expect(summary.skipped).toBe(false);
    if (summary.skipped) return;
    expect(summary.projects).toBe(DEFAULT_DEMO_PROJECTS);
    expect(summary.organisations).toBeGreaterThanOrEqual(6);
    expect(summary.users).toBeGreaterThanOrEqual(35);
    expect(summary.accounts.map((a) => a.email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
  });

  it('creates at least six organisations with ABNs and .example websites', async () => {
    const orgs = await database.db.select().from(organization);
    expect(orgs.length).toBeGreaterThanOrEqual(6);
    for (const o of orgs) {
      expect(o.abn).toMatch(/^\d{2} \d{3} \d{3} \d{3}$/);
      // ATO checksum: subtract 1 from the first digit, weight, sum, divisible by 89.
      const digits = o.abn!.replace(/ /g, '').split('').map(Number);
      const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
      const sum = digits.reduce((t, d, i) => t + (i === 0 ? d - 1 : d) * weights[i]!, 0);
      expect(sum % 89).toBe(0);
      expect(o.website).toMatch(/^https:\/\/www\.[a-z0-9-]+\.example$/);
    }
  });

  it('creates 300+ listings covering every state and every enum value', async () => {
    const rows = await database.db.select().from(projects);
    expect(rows.length).toBeGreaterThanOrEqual(300);
    const values = <K extends keyof (typeof rows)[number]>(key: K) => new Set(rows.map((row) => row[key]));
    expect(values('state')).toEqual(new Set(AUSTRALIAN_STATES));
    expect(values('stage')).toEqual(new Set(STAGES));
    expect(values('salesStatus')).toEqual(new Set(SALES_STATUSES));
    expect(values('projectType')).toEqual(new Set(PROJECT_TYPES));
    expect(values('buildingType')).toEqual(new Set(BUILDING_TYPES));
    expect(values('campaignType')).toEqual(new Set(CAMPAIGN_TYPES));
    expect(new Set([...values('salesPeriodStage')].filter(Boolean))).toEqual(new Set(SALES_PERIOD_STAGES));
    expect(rows.filter((row) => row.organisationId === null).length).toBeGreaterThanOrEqual(40);
  });

  it('gives listings real addresses, paths and media', async () => {
    const rows = await database.db.select().from(projects);
    const known = new Set(SUBURBS.map((s) => `${s.suburb}|${s.state}|${s.postcode}|${s.lga}`));
    const paths = new Set<string>();
    for (const row of rows) {
      expect(known.has(`${row.suburb}|${row.state}|${row.postcode}|${row.lga}`)).toBe(true);
      expect(row.prefix).toBe(row.state.toLowerCase());
      expect(row.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      paths.add(`${row.prefix}/${row.slug}`);
      expect(row.fullAddress).toBe(
        `${row.streetNumber} ${row.streetName}, ${row.suburb} ${row.state} ${row.postcode}`,
      );
      expect(row.buildingType).toBe(row.projectType === 'TOWNHOUSE' ? 'TOWNHOUSES' : 'APARTMENTS');
      if (row.videoUrl)
        expect(row.videoUrl).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[A-Za-z0-9_-]{11}$/);
      expect(row.description.length).toBeGreaterThan(200);
      expect(row.amenities.length).toBeGreaterThan(0);
    }
    expect(paths.size).toBe(rows.length);

    const images = await database.db
      .select({ projectId: projectMedia.projectId, isHero: projectMedia.isHero, url: projectMedia.url })
      .from(projectMedia)
      .where(eq(projectMedia.kind, 'image'));
    const perProject = new Map<number, { images: number; heroes: number }>();
    for (const image of images) {
      const entry = perProject.get(image.projectId) ?? { images: 0, heroes: 0 };
      entry.images++;
      if (image.isHero) entry.heroes++;
      perProject.set(image.projectId, entry);
      expect(image.url).toMatch(/^\/media\/demo\/\d+\.svg$/);
    }
    expect(perProject.size).toBe(rows.length);
    for (const entry of perProject.values()) {
      expect(entry.images).toBeGreaterThanOrEqual(1);
      expect(entry.images).toBeLessThanOrEqual(4);
      expect(entry.heroes).toBe(1);
    }
    expect(
      await count(database, `select count(*) n from project_media where kind = 'brochure'`),
    ).toBeGreaterThan(50);
    expect(
      await count(database, `select count(*) n from project_media where kind = 'floorplan'`),
    ).toBeGreaterThan(50);
    const configsPerProject = await rowsOf(
      database,
      'select count(*)::int n from project_configurations group by project_id',
    );
    for (const { n } of configsPerProject) expect(n).toBeGreaterThanOrEqual(1);
    for (const { n } of configsPerProject) expect(n).toBeLessThanOrEqual(4);
    const prices = await database.db.select().from(projectConfigurations);
    for (const c of prices) {
      expect(c.priceFrom).toBeGreaterThanOrEqual(150_000);
      if (c.priceTo !== null) expect(c.priceTo).toBeGreaterThan(c.priceFrom!);
    }
  });

  it('moves the identity past the seeded listing ids', async () => {
    const [created] = await database.db
      .insert(projects)
      .values({ name: 'probe', title: 'Probe', state: 'NSW', prefix: 'nsw', slug: 'identity-probe' })
      .returning({ id: projects.id });
    expect(created!.id).toBe(DEFAULT_DEMO_PROJECTS + 1);
    await database.db.delete(projects).where(eq(projects.id, created!.id));
  });
});

describe('seedDemoData: the demo accounts', () => {
  beforeAll(seedOnce, 120_000);

  it('sets up the developer account: 5+ projects, 2+ recommended, 1+ pending request', async () => {
    const developer = demoUserId('developer');
    const [row] = await database.db.select().from(user).where(eq(user.id, developer));
    expect(row).toMatchObject({
      email: 'developer@demo.offplan.test',
      role: 'user',
      jobRoleId: 1,
      emailVerified: true,
    });
    expect(row!.termsAcceptedAt).toBeInstanceOf(Date);
    const [membership] = await database.db.select().from(member).where(eq(member.userId, developer));
    expect(membership!.role).toBe('owner');

    const own = await database.db
      .select({ id: projects.id, organisationId: projects.organisationId })
      .from(projectMembers)
      .innerJoin(projects, eq(projects.id, projectMembers.projectId))
      .where(eq(projectMembers.userId, developer));
    expect(own.length).toBeGreaterThanOrEqual(5);
    for (const project of own) expect(project.organisationId).toBe(membership!.organizationId);
    const owned = await database.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.organisationId, membership!.organizationId));
    expect(owned.length).toBeGreaterThanOrEqual(5);

    const [org] = await database.db
      .select()
      .from(organization)
      .where(eq(organization.id, membership!.organizationId));
    const recommended = await database.db
      .select({ project: projects, source: projectRecommendations.source })
      .from(projectRecommendations)
      .innerJoin(projects, eq(projects.id, projectRecommendations.projectId))
      .where(eq(projectRecommendations.userId, developer));
    expect(recommended.length).toBeGreaterThanOrEqual(2);
    for (const { project, source } of recommended) {
      expect(source).toBe('name_match');
      expect(project.organisationId).toBeNull();
      expect(normaliseName(project.developerName!)).toBe(normaliseName(org!.name));
    }

    const pending = await database.db
      .select({ organisationId: projects.organisationId })
      .from(projectAccessRequests)
      .innerJoin(projects, eq(projects.id, projectAccessRequests.projectId))
      .where(
        and(eq(projectAccessRequests.userId, developer), eq(projectAccessRequests.status, APPROVAL.PENDING)),
      );
    expect(pending.length).toBeGreaterThanOrEqual(1);
    for (const request of pending) {
      expect(request.organisationId).not.toBeNull();
      expect(request.organisationId).not.toBe(membership!.organizationId);
    }

    // Requests waiting for the developer's organisation to decide.
    const toReview = await database.db
      .select({ id: projectAccessRequests.id })
      .from(projectAccessRequests)
      .innerJoin(projects, eq(projects.id, projectAccessRequests.projectId))
      .where(
        and(
          eq(projects.organisationId, membership!.organizationId),
          eq(projectAccessRequests.status, APPROVAL.PENDING),
        ),
      );
    expect(toReview.length).toBeGreaterThanOrEqual(1);

    // DEMO_ACCOUNTS tells these numbers in the README and at start: keep them true.
    const story = DEMO_ACCOUNTS.find((a) => a.email === 'developer@demo.offplan.test')!.description;
    expect(story).toContain(`${own.length} projects`);
    expect(story).toContain(`${recommended.length} recommended`);
    expect(story).toContain(`${pending.length} pending access request`);
    expect(story).toContain(`${toReview.length} requests to review`);
  });

  it('gives the marketer an organisation but no projects, recommendations or requests', async () => {
    const marketer = demoUserId('marketer');
    const [row] = await database.db.select().from(user).where(eq(user.id, marketer));
    expect(row).toMatchObject({ email: 'marketer@demo.offplan.test', jobRoleId: 2 });
    expect(await database.db.select().from(member).where(eq(member.userId, marketer))).toHaveLength(1);
    expect(
      await database.db.select().from(projectMembers).where(eq(projectMembers.userId, marketer)),
    ).toHaveLength(0);
    expect(
      await database.db
        .select()
        .from(projectRecommendations)
        .where(eq(projectRecommendations.userId, marketer)),
    ).toHaveLength(0);
    expect(
      await database.db
        .select()
        .from(projectAccessRequests)
        .where(eq(projectAccessRequests.userId, marketer)),
    ).toHaveLength(0);
    // And no unclaimed listing names the marketer's organisation, so recommending by name finds none either.
    const [membership] = await database.db.select().from(member).where(eq(member.userId, marketer));
    const [org] = await database.db
      .select()
      .from(organization)
      .where(eq(organization.id, membership!.organizationId));
    const unclaimed = await database.db.select().from(projects).where(isNull(projects.organisationId));
    for (const project of unclaimed) {
      expect(normaliseName(project.developerName ?? '')).not.toBe(normaliseName(org!.name));
      expect(normaliseName(project.marketerName ?? '')).not.toBe(normaliseName(org!.name));
    }
    expect(
      await database.db.select().from(projects).where(eq(projects.organisationId, org!.id)),
    ).toHaveLength(0);
  });

  it('makes the agency a job role 8 member of a few projects', async () => {
    const agency = demoUserId('agency');
    const [row] = await database.db.select().from(user).where(eq(user.id, agency));
    expect(row).toMatchObject({ email: 'agency@demo.offplan.test', jobRoleId: 8 });
    expect(await database.db.select().from(member).where(eq(member.userId, agency))).toHaveLength(1);
    const memberships = await database.db
      .select()
      .from(projectMembers)
      .where(eq(projectMembers.userId, agency));
    expect(memberships.length).toBeGreaterThanOrEqual(2);
  });

  it('has an admin and an unverified account', async () => {
    const rows = await database.db
      .select()
      .from(user)
      .where(inArray(user.email, ['admin@demo.offplan.test', 'unverified@demo.offplan.test']))
      .orderBy(asc(user.email));
    expect(rows.map((r) => [r.email, r.role, r.emailVerified])).toEqual([
      ['admin@demo.offplan.test', 'admin', true],
      ['unverified@demo.offplan.test', 'user', false],
    ]);
  });
});

describe('seedDemoData: stored rows', () => {
  beforeAll(seedOnce, 120_000);

  it('stores one credential account per user whose hash verifies the demo password', async () => {
    const users = await database.db.select({ id: user.id, createdAt: user.createdAt }).from(user);
    const accounts = await database.db.select().from(account);
    expect(accounts).toHaveLength(users.length);
    for (const a of accounts) {
      expect(a.providerId).toBe('credential');
      expect(a.accountId).toBe(a.userId);
    }
    expect(new Set(accounts.map((a) => a.password)).size).toBe(1);
    expect(await verifyPassword({ hash: accounts[0]!.password!, password: DEMO_PASSWORD })).toBe(true);
    expect(await verifyPassword({ hash: accounts[0]!.password!, password: 'wrong password' })).toBe(false);
  });

  it('keeps timestamps exactly as built (timestamp without time zone stays UTC)', async () => {
    const built = buildDemoRows('hash');
    const [admin] = await database.db
      .select()
      .from(user)
      .where(eq(user.id, demoUserId('admin')));
    expect(admin!.createdAt.toISOString()).toBe(built.users[0]!.createdAt!.toISOString());
    const [first] = await database.db.select().from(projects).where(eq(projects.id, 1));
    expect(first!.createdAt.toISOString()).toBe(built.projects[0]!.createdAt!.toISOString());
    expect(first!.createdAt.getTime()).toBeLessThan(new Date('2026-11-01T00:00:00Z').getTime());
  });

  it('keeps membership and request data consistent', async () => {
    // Approved requests always come with a membership.
    expect(
      await count(
        database,
        `select count(*) n from project_access_requests r
         left join project_members m on m.project_id = r.project_id and m.user_id = r.user_id
         where r.status = ${APPROVAL.APPROVED} and m.user_id is null`,
      ),
    ).toBe(0);
    // Nobody asks for a project they are already a member of.
    expect(
      await count(
        database,
        `select count(*) n from project_access_requests r
         join project_members m on m.project_id = r.project_id and m.user_id = r.user_id
         where r.status = ${APPROVAL.PENDING}`,
      ),
    ).toBe(0);
    // Recommendations are only for unclaimed listings that still take enquiries.
    expect(
      await count(
        database,
        `select count(*) n from project_recommendations r join projects p on p.id = r.project_id
         where p.organisation_id is not null or p.sales_status in ('HIDDEN', 'SOLD_OUT') or p.stage = 'NOT_PROCEEDING'`,
      ),
    ).toBe(0);
  });

  it('skips a database that already has users', async () => {
    const before = await count(database, 'select count(*) n from projects');
    expect(await seedDemoData(database.db)).toEqual({ skipped: true });
    expect(await count(database, 'select count(*) n from projects')).toBe(before);
  });

  it('is deterministic: two fresh databases get identical data', async () => {
    const other = await openTestDatabase();
    try {
      await seedDemoData(other.db);
      for (const table of [
        'projects',
        'project_configurations',
        'project_media',
        'project_members',
        'project_access_requests',
        'project_recommendations',
        'project_slug_history',
        'organization',
        'member',
        'lead_buyers',
        'leads',
        'lead_events',
      ]) {
        const query = `select * from ${table} order by 1, 2`;
        const [a, b] = await Promise.all([rowsOf(database, query), rowsOf(other, query)]);
        expect(b, table).toEqual(a);
      }
      // Issue 17's rows, in key order (the rollups' keys have three columns; events' tx is the seed's own).
      for (const query of [
        'select * from listing_metric_days order by project_id, day, kind',
        'select * from listing_visitor_sketches order by project_id, grain, starts',
        'select id, project_id, kind, occurred_at, visitor_register, visitor_rank, device, referrer_host, utm_source from listing_events order by id',
        'select * from buyer_feedback_requests order by lead_id',
        'select * from buyer_feedback order by id',
      ]) {
        const [a, b] = await Promise.all([rowsOf(database, query), rowsOf(other, query)]);
        expect(b, query).toEqual(a);
        expect(a.length, query).toBeGreaterThan(0);
      }
      const usersQuery = 'select * from "user" order by id';
      const [a, b] = await Promise.all([rowsOf(database, usersQuery), rowsOf(other, usersQuery)]);
      expect(b).toEqual(a);
    } finally {
      await other.close();
    }
  }, 120_000);
});

const now = new Date(DEMO_BASE_DATE_ISO).getTime();
const DAY = 24 * 60 * 60 * 1000;
/** Raw timestamps come back as text from one driver and as dates from the other. */
const instant = (value: unknown) => new Date(value as string | Date).getTime();

describe('seedDemoData: leads and buyers', () => {
  beforeAll(seedOnce, 120_000);

  it('writes about 3,000 leads over the last 18 months on listings of organisations, joined to real rows', async () => {
    expect(summary.skipped).toBe(false);
    if (summary.skipped) return;
    expect(summary.leads).toBe(DEFAULT_DEMO_LEADS);
    const [span] = await rowsOf(
      database,
      `select count(*)::int n, min(l.created_at) oldest, max(l.created_at) newest,
        count(*) filter (where p.organisation_id is null or p.sales_status = 'HIDDEN')::int unowned
       from leads l join projects p on p.id = l.project_id`,
    );
    expect(span).toMatchObject({ n: DEFAULT_DEMO_LEADS, unowned: 0 });
    expect(now - instant(span!.oldest)).toBeLessThanOrEqual(DEMO_LEAD_DAYS * DAY);
    expect(now - instant(span!.oldest)).toBeGreaterThan((DEMO_LEAD_DAYS - 30) * DAY);
    expect(instant(span!.newest)).toBeLessThan(now);
    expect(now - instant(span!.newest)).toBeLessThan(2 * DAY);
    // The seed skips foreign-key checks for these rows: every reference must hold all the same.
    const dangling = await rowsOf(
      database,
      `select
        (select count(*) from leads l where not exists (select 1 from projects p where p.id = l.project_id))::int projects,
        (select count(*) from leads l where not exists (select 1 from lead_buyers b where b.id = l.buyer_id))::int buyers,
        (select count(*) from leads l where l.assignee_id is not null and not exists (select 1 from project_members m where m.project_id = l.project_id and m.user_id = l.assignee_id))::int assignees,
        (select count(*) from leads l where l.first_response_by_id is not null and not exists (select 1 from project_members m where m.project_id = l.project_id and m.user_id = l.first_response_by_id))::int responders,
        (select count(*) from lead_events e where not exists (select 1 from leads l where l.id = e.lead_id))::int events,
        (select count(*) from lead_events e where e.actor_id is not null and not exists (select 1 from "user" u where u.id = e.actor_id))::int actors`,
    );
    expect(dangling[0]).toEqual({
      projects: 0,
      buyers: 0,
      assignees: 0,
      responders: 0,
      events: 0,
      actors: 0,
    });
    // The next lead intake writes gets the next id.
    expect(await count(database, `select last_value n from leads_id_seq`)).toBe(DEFAULT_DEMO_LEADS);
  });

  it('mixes buyers as the issue says: 40/35/25 buyer types, E.164 mobiles, example domains, ~8% repeat buyers linked', async () => {
    const types = await rowsOf(database, 'select buyer_type, count(*)::int n from leads group by 1');
    const share = (type: string) =>
      Number(types.find((row) => row.buyer_type === type)?.n ?? 0) / DEFAULT_DEMO_LEADS;
    expect(share('FIRST_HOME_BUYER')).toBeCloseTo(0.4, 1);
    expect(share('NEXT_HOME_BUYER')).toBeCloseTo(0.35, 1);
    expect(share('INVESTOR')).toBeCloseTo(0.25, 1);
    const buyers = await rowsOf(database, 'select id, email, phone from lead_buyers');
    for (const buyer of buyers) {
      expect(buyer.email).toMatch(/^[a-z0-9._]+@example\.(com|net|org)$/);
      expect(normalisePhone(buyer.phone as string)).toBe(buyer.phone);
      expect(buyer.phone).toMatch(/^\+614\d{8}$/);
    }
    expect(new Set(buyers.map((buyer) => buyer.phone)).size).toBe(buyers.length);
    // A lead carries its buyer's contact details; a repeat buyer's leads are on different projects.
    expect(
      await count(
        database,
        'select count(*) n from leads l join lead_buyers b on b.id = l.buyer_id where l.email <> b.email or l.phone <> b.phone',
      ),
    ).toBe(0);
    const repeat = await rowsOf(
      database,
      `select count(*)::int buyers, count(*) filter (where projects > 1)::int repeat, count(*) filter (where projects < leads)::int same_project
       from (select buyer_id, count(*) leads, count(distinct project_id) projects from leads group by 1) b`,
    );
    const {
      buyers: buyerCount,
      repeat: repeatBuyers,
      same_project,
    } = repeat[0] as {
      buyers: number;
      repeat: number;
      same_project: number;
    };
    expect(buyerCount).toBe(buyers.length);
    expect(repeatBuyers / buyerCount).toBeGreaterThan(0.05);
    expect(repeatBuyers / buyerCount).toBeLessThan(0.11);
    expect(same_project).toBe(0);
    // A buyer's postcode is near the listing they first enquired on: in its state.
    expect(
      await count(
        database,
        `select count(*) n from leads l join projects p on p.id = l.project_id where l.postcode is not null
         and left(l.postcode, 1) <> left(p.postcode, 1) and p.state not in ('ACT', 'NT')
         and l.created_at = (select min(o.created_at) from leads o where o.buyer_id = l.buyer_id)`,
      ),
    ).toBe(0);
  });
});

describe('seedDemoData: lead pipeline and scores', () => {
  beforeAll(seedOnce, 120_000);

  it('gives the developer account leads in every status, lost ones with reasons and sales with price and date', async () => {
    const statuses = await rowsOf(
      database,
      `select l.status, count(*)::int n,
        count(*) filter (where l.lost_reason is null)::int no_reason,
        count(*) filter (where l.sale_price is null or l.sale_date is null)::int no_sale
       from leads l join project_members m on m.project_id = l.project_id and m.user_id = '${demoUserId('developer')}'
       group by 1`,
    );
    expect(statuses.map((row) => row.status).sort()).toEqual([...LEAD_STATUSES].sort());
    for (const row of statuses) {
      expect(row.no_reason, String(row.status)).toBe(row.status === 'LOST' ? 0 : row.n);
      const sale = row.status === 'EXCHANGED' || row.status === 'SETTLED';
      expect(row.no_sale, String(row.status)).toBe(sale ? 0 : row.n);
    }
  });

  it('puts old leads mostly in closed statuses and recent ones mostly in New or Contacted', async () => {
    const [mix] = await rowsOf(
      database,
      `select
        avg((status in ('LOST', 'EXCHANGED', 'SETTLED'))::int) filter (where created_at < $1::timestamptz - interval '180 days') old_closed,
        avg((status in ('NEW', 'CONTACTED'))::int) filter (where created_at > $1::timestamptz - interval '7 days') recent_open
       from leads`.replace(/\$1/g, `'${DEMO_BASE_DATE_ISO}'`),
    );
    expect(Number(mix!.old_closed)).toBeGreaterThan(0.7);
    expect(Number(mix!.recent_open)).toBeGreaterThan(0.6);
  });

  it('scores each lead with the database rules (0-100), less the decay of its days without activity', async () => {
    const rules = await loadScoringRules(database.db);
    const rows = await rowsOf(database, 'select * from leads');
    for (const row of rows) {
      const { score, contributions } = scoreLead(rules, {
        buyerType: row.buyer_type as string,
        financeStatus: row.finance_status as string | null,
        timeframe: row.timeframe as string | null,
        budget: row.budget as number | null,
        bedrooms: row.bedrooms as number | null,
        phone: row.phone as string,
        message: row.message as string | null,
        postcode: row.postcode as string | null,
        source: row.source as string,
        campaignId: row.campaign_id as string | null,
      });
      expect(row.base_score).toBe(score);
      expect(row.score_contributions).toEqual(contributions);
      const idleDays = (now - instant(row.last_activity_at)) / DAY;
      expect(row.score).toBe(score - scoreDecayPoints(score, idleDays));
      expect(row.score).toBeGreaterThanOrEqual(0);
      expect(row.score).toBeLessThanOrEqual(100);
    }
    // Not every lead is an empty 0 or the same score: the mix shows on the page.
    expect(new Set(rows.map((row) => row.base_score)).size).toBeGreaterThan(10);
  });

  it('keeps each timeline consistent with its lead: status path, first response, alerts, merges, no jobs queued', async () => {
    const mismatches = await rowsOf(
      database,
      `with last_status as (
         select distinct on (lead_id) lead_id, data->>'to' as status from lead_events where kind = 'status' order by lead_id, created_at desc, id desc
       ), first_status as (
         select distinct on (lead_id) lead_id, created_at, actor_id, data->>'from' as from_status from lead_events where kind = 'status' order by lead_id, created_at, id
       )
       select
         count(*) filter (where coalesce(ls.status, 'NEW') <> l.status::text)::int status,
         count(*) filter (where fs.created_at is distinct from l.first_response_at or fs.actor_id is distinct from l.first_response_by_id)::int first_response,
         count(*) filter (where fs.from_status is not null and fs.from_status <> 'NEW')::int first_from,
         count(*) filter (where (select count(*) from lead_events e where e.lead_id = l.id and e.kind = 'enquiry' and e.created_at = l.created_at) <> 1)::int enquiry,
         count(*) filter (where l.notified_at is null or l.notified_at < l.created_at)::int notified,
         count(*) filter (where (l.speed_alert_at is not null) <> exists (select 1 from lead_events e where e.lead_id = l.id and e.kind = 'speed_alert'))::int alerts,
         count(*) filter (where (l.enquiry_count = 2) <> exists (select 1 from lead_events e where e.lead_id = l.id and e.kind = 'repeat_enquiry'))::int merged,
         count(*) filter (where l.last_enquiry_at - l.created_at >= interval '24 hours')::int late_merge,
         count(*) filter (where l.last_activity_at < (select max(e.created_at) from lead_events e where e.lead_id = l.id and e.kind in ('enquiry', 'repeat_enquiry', 'status', 'note', 'assigned')))::int activity,
         count(*) filter (where (select max(e.created_at) from lead_events e where e.lead_id = l.id) >= '${DEMO_BASE_DATE_ISO}')::int future
       from leads l left join last_status ls on ls.lead_id = l.id left join first_status fs on fs.lead_id = l.id`,
    );
    expect(mismatches[0]).toEqual({
      status: 0,
      first_response: 0,
      first_from: 0,
      enquiry: 0,
      notified: 0,
      alerts: 0,
      merged: 0,
      late_merge: 0,
      activity: 0,
      future: 0,
    });
    const [kinds] = await rowsOf(
      database,
      `select count(*) filter (where kind = 'note')::int notes, count(*) filter (where kind = 'speed_alert')::int alerts,
        (select count(*) from leads where enquiry_count = 2)::int merged from lead_events`,
    );
    expect(kinds!.notes).toBeGreaterThan(300);
    expect(kinds!.alerts).toBeGreaterThan(100);
    expect(kinds!.merged).toBeGreaterThan(30);
    // Most first responses come within minutes to hours.
    const [response] = await rowsOf(
      database,
      `select percentile_cont(0.5) within group (order by extract(epoch from first_response_at - created_at)) median from leads where first_response_at is not null`,
    );
    expect(Number(response!.median)).toBeLessThan(4 * 60 * 60);
  });
});

describe('seedDemoData, twice at once', () => {
  it('seeds once; the other call skips', async () => {
    const database = await openTestDatabase();
    try {
      const results = await Promise.all([seedDemoData(database.db), seedDemoData(database.db)]);
      expect(results.filter((result) => !result.skipped)).toHaveLength(1);
      expect(await count(database, 'select count(*) n from projects')).toBe(DEFAULT_DEMO_PROJECTS);
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe('demo media files', () => {
  it('exist with the sizes the seed records', () => {
    for (const file of [...DEMO_IMAGES, DEMO_FLOORPLAN, DEMO_BROCHURE]) {
      const local = path.join(assetsDir, file.url.replace(/^\/media\//, ''));
      expect(statSync(local).size, file.url).toBe(file.sizeBytes);
    }
  });

  it('are 1200x800 SVG illustrations and a one-page PDF', () => {
    for (const image of [...DEMO_IMAGES, DEMO_FLOORPLAN]) {
      const svg = readFileSync(path.join(assetsDir, image.url.replace(/^\/media\//, '')), 'utf8');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 1200 800"/);
      expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    }
    const pdf = readFileSync(path.join(assetsDir, DEMO_BROCHURE.url.replace(/^\/media\//, '')), 'latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(1);
    const startxref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
  });
});

describe('buildDemoRows', () => {
  // The SHA-256 of the JSON of every row, taken on the one-function builder before it was split per table
  // (issue 14): the split moved code, not data. A deliberate change to the demo data updates these.
  const digestOf = (rows: unknown) => createHash('sha256').update(JSON.stringify(rows)).digest('hex');

  it('builds exactly the rows it built before the per-table split', () => {
    expect(digestOf(buildDemoRows('hash'))).toBe(
      'c55326e9abfa24cc6753e2f25fbbb341046ec61f6e3e58841e9229e14a083cc7',
    );
    const other = buildDemoRows('hash', { projects: 100, now: new Date('2027-03-15T12:00:00Z') });
    expect(digestOf(other)).toBe('058410e6c0f6c234fc7308a1e748be8a128ebc039bfbaddd851c5c738c9f816c');
  });

  it('keeps the first listings identical whatever the total', () => {
    const small = buildDemoRows('hash', { projects: 100 });
    const large = buildDemoRows('hash', { projects: 400 });
    expect(large.projects.slice(0, 100)).toEqual(small.projects);
  });

  it('never goes below the minimum that carries the demo story', () => {
    expect(buildDemoRows('hash', { projects: 1 }).projects.length).toBeGreaterThanOrEqual(60);
  });

  it('uses the base date for every timestamp', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const rows = buildDemoRows('hash', { now });
    for (const row of rows.projects) {
      expect(row.updatedAt!.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(row.createdAt!.getTime()).toBeLessThanOrEqual(row.updatedAt!.getTime());
    }
  });
});

describe('seedDemoData: reporting (issue 17)', () => {
  beforeAll(seedOnce, 120_000);
  const developer = demoUserId('developer');
  const developerProjects = `select p.id from projects p join member m on m.organization_id = p.organisation_id
    and m.user_id = '${developer}' where p.sales_status <> 'HIDDEN' and p.stage <> 'NOT_PROCEEDING'`;

  it('gives every listing of the developer 18 months of views, converting 2-5% into enquiries', async () => {
    const [span] = await rowsOf(
      database,
      `select min(day)::text first, max(day)::text last, count(distinct project_id)::int projects from listing_metric_days`,
    );
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: REPORTING_TIME_ZONE }).format(now);
    expect(Date.parse(today) - Date.parse(span!.first as string)).toBeGreaterThanOrEqual(
      (DEMO_LEAD_DAYS - 45) * DAY,
    );
    expect(Date.parse(today) - Date.parse(span!.first as string)).toBeLessThan(DEMO_LEAD_DAYS * DAY);
    // The raw events of the last days were rolled up at seed: the rollups reach today.
    expect(span!.last).toBe(today);
    const perProject = await rowsOf(
      database,
      `select d.id, coalesce((select sum(count) from listing_metric_days m where m.project_id = d.id and m.kind = 'page_view'), 0)::int views,
         (select count(*) from leads l where l.project_id = d.id)::int enquiries
       from (${developerProjects}) d`,
    );
    expect(perProject.length).toBeGreaterThanOrEqual(5);
    for (const row of perProject) expect(Number(row.views), `project ${row.id}`).toBeGreaterThan(0);
    const withLeads = perProject.filter((row) => Number(row.enquiries) > 0);
    const views = withLeads.reduce((sum, row) => sum + Number(row.views), 0);
    const enquiries = withLeads.reduce((sum, row) => sum + Number(row.enquiries), 0);
    expect(enquiries / views).toBeGreaterThan(0.02);
    expect(enquiries / views).toBeLessThan(0.05);
  });

  it('shapes the views: brochures 3-8% of them, busier weekends, more for paid campaigns', async () => {
    const kinds = await rowsOf(
      database,
      'select kind, sum(count)::int n from listing_metric_days group by kind',
    );
    const total = (kind: string) => Number(kinds.find((row) => row.kind === kind)?.n ?? 0);
    const brochureShare = total('brochure_download') / total('page_view');
    expect(brochureShare).toBeGreaterThan(0.03);
    expect(brochureShare).toBeLessThan(0.08);
    expect(total('gallery_open')).toBeGreaterThan(total('floorplan_view'));
    expect(total('floorplan_view')).toBeGreaterThan(total('phone_reveal'));
    const [week] = await rowsOf(
      database,
      `select avg(count) filter (where extract(isodow from day) in (6, 7)) weekend,
         avg(count) filter (where extract(isodow from day) in (2, 3, 4)) midweek
       from listing_metric_days where kind = 'page_view'`,
    );
    expect(Number(week!.weekend)).toBeGreaterThan(Number(week!.midweek) * 1.1);
    const [campaigns] = await rowsOf(
      database,
      `select avg(views) filter (where paid) paid, avg(views) filter (where not paid) unpaid from (
         select p.id, p.campaign_type <> 'NONE' paid, coalesce(sum(m.count), 0) views
         from projects p left join listing_metric_days m on m.project_id = p.id and m.kind = 'page_view'
         where p.sales_status = 'SELLING_NOW' group by p.id) listing`,
    );
    expect(Number(campaigns!.paid)).toBeGreaterThan(Number(campaigns!.unpaid));
  });

  it(`leaves the last ${DEMO_RAW_EVENT_DAYS} days as raw events in their monthly partitions, already rolled up`, async () => {
    const [events] = await rowsOf(
      database,
      `select count(*)::int n, min(occurred_at) first, max(occurred_at) last, count(distinct device)::int devices,
         count(*) filter (where kind = 'page_view')::int views from listing_events`,
    );
    expect(Number(events!.n)).toBeGreaterThan(100);
    expect(now - instant(events!.first)).toBeLessThan(DEMO_RAW_EVENT_DAYS * DAY + 12 * 60 * 60 * 1000);
    expect(instant(events!.last)).toBeLessThan(now);
    expect(Number(events!.devices)).toBe(3);
    // Rolled up once: the raw days' rollups hold exactly the events' page views.
    const rolled = await count(
      database,
      `select coalesce(sum(count), 0) n from listing_metric_days where kind = 'page_view'
       and day >= (select min((occurred_at at time zone '${REPORTING_TIME_ZONE}')::date) from listing_events)`,
    );
    expect(rolled).toBe(Number(events!.views));
    const partitions = await rowsOf(
      database,
      `select count(*)::int n from pg_inherits where inhparent = 'listing_events'::regclass`,
    );
    expect(Number(partitions[0]!.n)).toBeGreaterThanOrEqual(2);
  });

  it('has feedback from about three in ten buyers, mostly positive, on the agent who handled the lead', async () => {
    const [feedback] = await rowsOf(
      database,
      `select count(*)::int n, avg(f.project_rating)::float8 project, avg(f.agent_rating)::float8 agent,
         count(f.comment)::int comments,
         count(*) filter (where f.agent_id is distinct from coalesce(l.assignee_id, l.first_response_by_id))::int wrong_agent,
         count(*) filter (where f.project_id <> l.project_id or f.buyer_type <> l.buyer_type)::int wrong_lead,
         count(*) filter (where f.created_at < l.created_at + interval '3 days')::int early,
         count(*) filter (where r.used_at is null or r.used_at <> f.created_at)::int unused
       from buyer_feedback f join leads l on l.id = f.lead_id join buyer_feedback_requests r on r.lead_id = f.lead_id`,
    );
    expect(feedback).toMatchObject({ wrong_agent: 0, wrong_lead: 0, early: 0, unused: 0 });
    const eligible = await count(
      database,
      `select count(*) n from leads where created_at < '${new Date(now - 4 * DAY).toISOString()}'`,
    );
    expect(Number(feedback!.n) / eligible).toBeGreaterThan(0.25);
    expect(Number(feedback!.n) / eligible).toBeLessThan(0.35);
    expect(Number(feedback!.project)).toBeGreaterThan(3.8);
    expect(Number(feedback!.agent)).toBeGreaterThan(3.8);
    expect(Number(feedback!.comments)).toBeGreaterThan(Number(feedback!.n) * 0.3);
    const ownFeedback = await count(
      database,
      `select count(*) n from buyer_feedback where project_id in (${developerProjects})`,
    );
    expect(ownFeedback).toBeGreaterThan(20);
  });
});

describe('seedDemoData: visitor sketches (issue 17)', () => {
  beforeAll(seedOnce, 120_000);

  it('keeps visitors as HyperLogLog sketches: returning visitors make a range count fewer than its days', async () => {
    const [bounds] = await rowsOf(
      database,
      `select min(e.register) low, max(e.register) high, min(e.rank) least, max(e.rank) most
       from listing_visitor_sketches s, visitor_sketch_entries(s.sketch) e`,
    );
    expect(Number(bounds!.low)).toBeGreaterThanOrEqual(0);
    expect(Number(bounds!.high)).toBeLessThan(HLL_REGISTERS);
    expect(Number(bounds!.least)).toBeGreaterThanOrEqual(1);
    expect(Number(bounds!.most)).toBeLessThanOrEqual(49);
    const [busiest] = await rowsOf(
      database,
      `select project_id from listing_metric_days where kind = 'page_view' group by 1 order by sum(count) desc limit 1`,
    );
    const projectId = Number(busiest!.project_id);
    const uniqueAt = async (grain: string) =>
      unionEstimate(
        (
          await rowsOf(
            database,
            `select sketch from listing_visitor_sketches where project_id = ${projectId} and grain = '${grain}'`,
          )
        ).map((row) => row.sketch as Uint8Array),
      );
    const unique = await uniqueAt('day');
    // Every grain holds the same visitors: a range read as months or weeks counts what its days do.
    expect(await uniqueAt('week')).toBe(unique);
    expect(await uniqueAt('month')).toBe(unique);
    const daily = await count(
      database,
      `select sum(length(sketch) / 3) n from listing_visitor_sketches where project_id = ${projectId} and grain = 'day'`,
    );
    const views = await count(
      database,
      `select sum(count) n from listing_metric_days where project_id = ${projectId} and kind = 'page_view'`,
    );
    expect(unique).toBeLessThan(daily * 0.95);
    expect(unique).toBeGreaterThan(views * 0.4);
    expect(daily).toBeLessThan(views);
  });
});

describe('seedDemoData: CRM destinations, deliveries and an API key (issue 18)', () => {
  beforeAll(seedOnce, 120_000);
  const developer = demoUserId('developer');
  const ownOrganisation = `(select organization_id from member where user_id = '${developer}' order by created_at limit 1)`;
  const destinationsQuery = `select id, name, kind, url, email, all_projects, enabled, secret, organisation_id = ${ownOrganisation} as own
    from crm_destinations order by id`;

  it("gives the developer's organisation the demo receiver, a failing old endpoint for one project and a CRM email", async () => {
    const destinations = await rowsOf(database, destinationsQuery);
    expect(
      destinations.map((row) => [
        row.name,
        row.kind,
        row.url,
        row.email,
        row.all_projects,
        row.enabled,
        row.own,
      ]),
    ).toEqual([
      [
        DEMO_CRM_DESTINATIONS.receiver,
        'WEBHOOK',
        `${DEMO_BASE_URL}/api/dev/webhook-receiver`,
        null,
        true,
        true,
        true,
      ],
      [
        DEMO_CRM_DESTINATIONS.failing,
        'WEBHOOK',
        `${DEMO_BASE_URL}/api/dev/webhook-receiver?fail=1`,
        null,
        false,
        true,
        true,
      ],
      [DEMO_CRM_DESTINATIONS.email, 'EMAIL', null, DEMO_CRM_EMAIL, true, true, true],
    ]);
    expect(destinations[0]!.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(destinations[1]!.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(destinations[2]!.secret).toBeNull();
    const routed = await rowsOf(
      database,
      `select r.project_id, p.organisation_id = ${ownOrganisation} as own
       from crm_destination_projects r join projects p on p.id = r.project_id where r.destination_id = ${destinations[1]!.id}`,
    );
    expect(routed).toEqual([{ project_id: expect.any(Number), own: true }]);
  });

  it('keeps one READ key named "Reporting sync" whose key nobody has: only a hash of random bytes', async () => {
    const keys = await rowsOf(
      database,
      `select name, scope, prefix, key_hash, revoked_at, last_used_at, organisation_id = ${ownOrganisation} as own from organisation_api_keys`,
    );
    expect(keys).toEqual([
      {
        name: DEMO_API_KEY_NAME,
        scope: 'READ',
        prefix: expect.stringMatching(/^opk_[A-Za-z0-9_-]{8}$/),
        key_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        revoked_at: null,
        last_used_at: expect.anything(),
        own: true,
      },
    ]);
  });

  it('delivers its latest 20 leads to the receiver and the CRM email, and records the old endpoint failing after every retry', async () => {
    const latest = await rowsOf(
      database,
      `select l.id, l.project_id from leads l join projects p on p.id = l.project_id
       where p.organisation_id = ${ownOrganisation} order by l.created_at desc, l.id desc limit ${DEMO_CRM_RECENT_LEADS}`,
    );
    const [receiver, failing, email] = (await rowsOf(database, destinationsQuery)).map((row) =>
      Number(row.id),
    );
    const deliveries = await rowsOf(
      database,
      `select d.*, (select count(*) from crm_delivery_attempts a where a.delivery_id = d.id)::int attempt_rows,
         (select count(*) from crm_delivery_attempts a where a.delivery_id = d.id and a.ok <> (d.status = 'DELIVERED'))::int odd_attempts
       from crm_deliveries d order by d.id`,
    );
    const leadsOf = (destinationId: number | undefined) =>
      deliveries
        .filter((row) => Number(row.destination_id) === destinationId && row.lead_id !== null)
        .map((row) => Number(row.lead_id));
    const latestIds = latest.map((row) => Number(row.id));
    expect(new Set(leadsOf(receiver))).toEqual(new Set(latestIds));
    expect(new Set(leadsOf(email))).toEqual(new Set(latestIds));
    const [route] = await rowsOf(
      database,
      `select project_id from crm_destination_projects where destination_id = ${failing}`,
    );
    const routedLatest = latest
      .filter((row) => row.project_id === route!.project_id)
      .map((row) => Number(row.id));
    expect(routedLatest.length).toBeGreaterThan(0);
    expect(new Set(leadsOf(failing))).toEqual(new Set(routedLatest));
    // The owner's 'Send test lead' when the receiver was set up.
    expect(deliveries.filter((row) => row.test)).toMatchObject([
      { destination_id: receiver, lead_id: null, status: 'DELIVERED' },
    ]);
    for (const row of deliveries) {
      const isFailing = Number(row.destination_id) === failing;
      expect(row).toMatchObject({
        status: isFailing ? 'FAILED' : 'DELIVERED',
        attempts: isFailing ? CRM_RETRY_SCHEDULE_SECONDS.length + 1 : 1,
        attempt_rows: isFailing ? CRM_RETRY_SCHEDULE_SECONDS.length + 1 : 1,
        odd_attempts: 0,
        response_code: isFailing ? 503 : Number(row.destination_id) === email ? null : 204,
        next_attempt_at: null,
      });
      expect(row.message_id).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(instant(row.last_attempt_at)).toBeLessThanOrEqual(now);
      expect(row.delivered_at === null).toBe(isFailing);
    }
    expect(new Set(deliveries.map((row) => row.message_id)).size).toBe(deliveries.length);
  });
});

describe('seedDemoData: CRM retry history and repeatability (issue 18)', () => {
  beforeAll(seedOnce, 120_000);

  it('spaces the failing attempts as the retry schedule does, and moves the identities past the rows it wrote', async () => {
    const [first] = await rowsOf(
      database,
      `select min(d.id) id from crm_deliveries d join crm_destinations s on s.id = d.destination_id where s.name = '${DEMO_CRM_DESTINATIONS.failing}'`,
    );
    const times = (
      await rowsOf(
        database,
        `select attempted_at from crm_delivery_attempts where delivery_id = ${first!.id} order by attempted_at`,
      )
    ).map((row) => instant(row.attempted_at));
    CRM_RETRY_SCHEDULE_SECONDS.forEach((wait, i) => {
      const gap = (times[i + 1]! - times[i]!) / 1000;
      expect(gap).toBeGreaterThanOrEqual(wait - 1);
      expect(gap).toBeLessThanOrEqual(wait + 4);
    });
    for (const table of ['crm_destinations', 'crm_deliveries']) {
      const [row] = await rowsOf(
        database,
        `select (select last_value from pg_sequences where sequencename = '${table}_id_seq') >= (select max(id) from ${table}) ok`,
      );
      expect(row!.ok, table).toBe(true);
    }
  });

  it('builds the same destinations, deliveries and attempts every time; secrets and the key are new each time', async () => {
    const built = buildDemoRows('hash');
    const leads = buildDemoLeads(built, await loadScoringRules(database.db), { now });
    const build = () => buildDemoCrm(built, leads, { now, baseUrl: DEMO_BASE_URL });
    const [a, b] = [build(), build()];
    const withoutSecrets = (crm: typeof a) => ({
      ...crm,
      destinations: crm.destinations.map(({ secret: _secret, ...row }) => row),
      apiKeys: crm.apiKeys.map(({ keyHash: _keyHash, ...row }) => row),
    });
    expect(withoutSecrets(b)).toEqual(withoutSecrets(a));
    expect(b.destinations[0]!.secret).not.toBe(a.destinations[0]!.secret);
    expect(b.apiKeys[0]!.keyHash).not.toBe(a.apiKeys[0]!.keyHash);
    expect(a.deliveries.length).toBeGreaterThan(2 * DEMO_CRM_RECENT_LEADS);
  });
});
