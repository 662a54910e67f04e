import { randomBytes } from 'node:crypto';
import { APPROVAL, DEMO_PASSWORD } from '@offplan/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  account,
  crmDeliveries,
  crmDestinations,
  inAppMessages,
  invitation,
  leads,
  member,
  organisationApiKeys,
  organisationJoinRequests,
  organization,
  projectAccessRequests,
  projectMedia,
  projectMembers,
  projectRecommendations,
  projects,
  session,
  user,
  userInvitations,
} from '../../db/schema/index.ts';
import { MIN_DEMO_PROJECTS, seedDemoData } from '../../db/seed/demo-data.ts';
import { projectFixtures } from '../../modules/projects/projects.fixtures.ts';
import { cookiesOf } from '../sessions.ts';
import type { TestApp } from '../test-app.ts';

/**
 * Issue 20 item 6: the data the authorisation suite calls every route with. Organisation A is the demo
 * data's Harbourline Developments (its owner is developer@demo), with a few rows added so every kind of
 * id has one of A's: an organisation invitation, a join request, an in-app message to A. Organisation B
 * is new, with an owner and a listing of its own. Built once per file: seeding is the slow part.
 */

/** Who calls: the refusals an entry lists, plus the rightful callers its positive check uses. */
export const REFUSED_CALLERS = [
  'otherOrgOwner',
  'role8',
  'unverified',
  'anonymous',
  'nonAdmin',
  'adminActingAsUser',
] as const;
export type RefusedCaller = (typeof REFUSED_CALLERS)[number];
export type RightfulCaller = 'ownerA' | 'admin';
export type CallerName = RefusedCaller | RightfulCaller;

/** What each caller is, for the failure messages. */
export const CALLER_DESCRIPTIONS: Record<CallerName, string> = {
  otherOrgOwner: 'the owner of another organisation (B)',
  role8: "a Media Agency user (job role 8) approved on A's listing",
  unverified: 'a signed-in user whose email is not verified',
  anonymous: 'no session',
  nonAdmin: "A's owner, who is not a platform admin",
  adminActingAsUser: "a platform admin acting as A's owner",
  ownerA: "A's owner",
  admin: 'a platform admin',
};

/** A's ids of every kind a route takes, and the strings only A's people (and admins) may read. */
export type World = {
  orgA: { id: string; name: string };
  orgB: { id: string; projectId: number; readKey: string; writeKey: string };
  otherOrgOwnerId: string;
  ownerA: { id: string; email: string; sessionId: string; accountId: string };
  /** An admin of A (not its owner): the member whose membership routes take. */
  memberA: { userId: string; memberId: string; email: string };
  role8: { id: string };
  unverified: { id: string };
  /** A's listing the role-8 user is approved on. */
  projectA: number;
  /** The public page path of projectA. */
  projectAPath: { prefix: string; slug: string };
  /** One of A's listings that is not on the marketplace (hidden). */
  hiddenProjectA: { id: number; prefix: string; slug: string };
  mediaA: number;
  leadA: number;
  accessRequestA: number;
  invitationA: string;
  /** An invitation of better-auth's organisation plugin to A (its own table), and to whom. */
  orgInvitationA: string;
  orgInviteeEmail: string;
  joinRequestA: number;
  destinationA: number;
  deliveryA: number;
  apiKeyA: number;
  messageA: string;
  recommendation: { userId: string; projectId: number };
  /** A job of the queue, for the admin's scheduled-task routes. */
  job: { name: string; id: string };
  /** Strings from A's private rows: none may appear in an answer to a refused caller. */
  privateMarkers: string[];
  /** A lead's contact details: never in an answer to a caller without leads.contact_details. */
  contactMarkers: string[];
};

export type Callers = Record<CallerName, string | undefined>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function first<T>(query: Promise<T[]>, what: string): Promise<T> {
  const [row] = await query;
  if (!row) throw new Error(`authorisation world: no ${what} in the demo data`);
  return row;
}

/** The demo data's rows of organisation A that the routes take ids of. */
async function demoRowsOfA(t: TestApp) {
  const { db } = t;
  const owner = await first(
    db.select().from(user).where(eq(user.email, 'developer@demo.offplan.test')),
    'developer',
  );
  const ownerAccount = await first(db.select().from(account).where(eq(account.userId, owner.id)), 'account');
  const ownerMember = await first(
    db.select().from(member).where(eq(member.userId, owner.id)),
    'owner member',
  );
  const org = await first(
    db.select().from(organization).where(eq(organization.id, ownerMember.organizationId)),
    'organisation A',
  );
  const otherMember = await first(
    db
      .select({ memberId: member.id, userId: member.userId, email: user.email })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(and(eq(member.organizationId, org.id), eq(member.role, 'admin'))),
    "A's admin",
  );
  const project = await first(
    db
      .select()
      .from(projects)
      .where(and(eq(projects.organisationId, org.id), sql`${projects.salesStatus} <> 'HIDDEN'`))
      .orderBy(asc(projects.id)),
    "A's listing",
  );
  const media = await first(
    db.select().from(projectMedia).where(eq(projectMedia.projectId, project.id)),
    "A's media",
  );
  const lead = await first(
    db.select().from(leads).where(eq(leads.projectId, project.id)).orderBy(asc(leads.id)),
    "A's lead",
  );
  const accessRequest = await first(
    db
      .select()
      .from(projectAccessRequests)
      .where(
        and(
          eq(projectAccessRequests.projectId, project.id),
          eq(projectAccessRequests.status, APPROVAL.PENDING),
        ),
      ),
    "a pending request for A's listing",
  );
  const destination = await first(
    db
      .select()
      .from(crmDestinations)
      .where(and(eq(crmDestinations.organisationId, org.id), eq(crmDestinations.kind, 'WEBHOOK')))
      .orderBy(asc(crmDestinations.id)),
    "A's webhook",
  );
  const delivery = await first(
    db.select().from(crmDeliveries).where(eq(crmDeliveries.destinationId, destination.id)),
    "A's delivery",
  );
  const apiKey = await first(
    db.select().from(organisationApiKeys).where(eq(organisationApiKeys.organisationId, org.id)),
    "A's API key",
  );
  const recommendation = await first(
    db.select().from(projectRecommendations).where(eq(projectRecommendations.userId, owner.id)),
    "the owner's recommendation",
  );
  return {
    owner,
    ownerAccount,
    org,
    otherMember,
    project,
    media,
    lead,
    accessRequest,
    destination,
    delivery,
    apiKey,
    recommendation,
  };
}

/** A hidden listing of A (the demo has none that is both A's and hidden, so one is made). */
async function hiddenListingOfA(t: TestApp, organisationId: string) {
  const f = projectFixtures(t);
  const id = await f.project(`Authz Hidden ${randomBytes(3).toString('hex')}`, {
    organisationId,
    salesStatus: 'HIDDEN',
  });
  const [row] = await t.db.select().from(projects).where(eq(projects.id, id));
  return { id, prefix: row!.prefix!, slug: row!.slug! };
}

/** Rows of A that the demo data has none of: an invitation, a join request, an in-app message. */
async function extraRowsOfA(t: TestApp, organisationId: string, ownerId: string, projectId: number) {
  const invitationId = `inv-authz-${randomBytes(4).toString('hex')}`;
  const inviteeEmail = `authz-invitee-${randomBytes(3).toString('hex')}@example.test`;
  await t.db.insert(userInvitations).values({
    id: invitationId,
    email: inviteeEmail,
    firstName: 'Ivy',
    lastName: 'Invited',
    organisationId,
    tokenHash: randomBytes(32).toString('hex'),
    invitedBy: ownerId,
    expiresAt: new Date(Date.now() + 7 * 86_400_000),
    role: 'member',
  });
  const joiner = await t.createUser({ email: `authz-joiner-${randomBytes(3).toString('hex')}@example.test` });
  const [joinRequest] = await t.db
    .insert(organisationJoinRequests)
    .values({ organisationId, userId: joiner.id, matchedBy: 'name' })
    .returning({ id: organisationJoinRequests.id });
  const orgInvitationId = `oinv-authz-${randomBytes(4).toString('hex')}`;
  const orgInviteeEmail = `authz-org-invitee-${randomBytes(3).toString('hex')}@example.test`;
  await t.db.insert(invitation).values({
    id: orgInvitationId,
    organizationId: organisationId,
    email: orgInviteeEmail,
    role: 'admin',
    status: 'pending',
    expiresAt: new Date(Date.now() + 7 * 86_400_000),
    inviterId: ownerId,
  });
  // The demo's comments are stock phrases shared by every listing: one of A's is made unmistakable.
  const feedbackComment = `Authz private comment ${randomBytes(3).toString('hex')}`;
  await t.db.execute(sql`
    update buyer_feedback set comment = ${feedbackComment}
    where id = (select id from buyer_feedback where project_id = ${projectId} order by created_at desc limit 1)`);
  const messageId = `msg-authz-${randomBytes(4).toString('hex')}`;
  const messageTitle = `Authz private notice ${randomBytes(3).toString('hex')}`;
  await t.db.insert(inAppMessages).values({
    id: messageId,
    audience: 'organisation',
    audienceOrganisationId: organisationId,
    title: messageTitle,
    body: '<p>For A only.</p>',
    source: 'admin',
  });
  return {
    invitationId,
    inviteeEmail,
    orgInvitationId,
    orgInviteeEmail,
    feedbackComment,
    joinRequestId: joinRequest!.id,
    joinerEmail: joiner.email,
    messageId,
    messageTitle,
  };
}

/** A queued job (the seed's outbox and rollups queue some), else a made-up id on the outbox's queue. */
async function someJob(t: TestApp) {
  const [row] = rowsOf<{ name: string; id: string }>(
    await t.db.execute(sql`select name, id::text as id from pgboss.job order by created_on limit 1`),
  );
  return row ?? { name: 'deliver-outbox', id: '00000000-0000-4000-8000-000000000001' };
}

const signInDemo = (t: TestApp, email: string) => t.signIn(email, DEMO_PASSWORD);

/** Signs every caller in; the admin acting as A's owner comes from a second admin (acting ends its own session). */
async function signInCallers(
  t: TestApp,
  otherOrgOwner: { cookie: string },
  ownerAId: string,
): Promise<Callers> {
  const f = projectFixtures(t);
  const ownerA = await signInDemo(t, 'developer@demo.offplan.test');
  const actingAdmin = await f.person({ admin: true });
  const started = await t.request('/api/auth/impersonation/start', {
    method: 'POST',
    cookie: actingAdmin.cookie,
    json: { userId: ownerAId },
  });
  if (started.status !== 200)
    throw new Error(`impersonation failed: ${started.status} ${await started.text()}`);
  return {
    otherOrgOwner: otherOrgOwner.cookie,
    role8: await signInDemo(t, 'agency@demo.offplan.test'),
    unverified: await signInDemo(t, 'unverified@demo.offplan.test'),
    anonymous: undefined,
    nonAdmin: ownerA,
    adminActingAsUser: cookiesOf(started),
    ownerA,
    admin: await signInDemo(t, 'admin@demo.offplan.test'),
  };
}

/**
 * The demo's bulk reporting rows (day rollups and visitor sketches of every listing, marketplace
 * searches and the buyer-demand counts made from them): tens of thousands of rows no route here takes
 * an id of, which made every table digest six times slower. A's listing keeps its own rollups; the
 * admin's demand report answers from no counts.
 */
async function trimBulkReporting(t: TestApp, projectId: number) {
  await t.db.execute(sql`delete from listing_visitor_sketches where project_id <> ${projectId}`);
  await t.db.execute(sql`delete from listing_metric_days where project_id <> ${projectId}`);
  await t.db.execute(sql`delete from buyer_demand_counts`);
  await t.db.execute(sql`delete from marketplace_searches`);
}

/** Keys of B's own for the lead API and the listing feed, made through the API as B's owner would. */
async function apiKeysOfB(t: TestApp, cookie: string) {
  const make = async (scope: 'READ' | 'WRITE') => {
    const response = await t.request('/api/crm/api-keys', {
      method: 'POST',
      cookie,
      json: { name: scope, scope },
    });
    if (response.status !== 201 && response.status !== 200) throw new Error(`API key: ${response.status}`);
    return ((await response.json()) as { key: string }).key;
  };
  return { readKey: await make('READ'), writeKey: await make('WRITE') };
}

/** Seeds the demo data, adds organisation B and A's missing rows, and signs every caller in. */
export async function buildWorld(t: TestApp): Promise<{ world: World; callers: Callers }> {
  await seedDemoData(t.db, { projects: MIN_DEMO_PROJECTS, leads: 400 });
  const a = await demoRowsOfA(t);
  await trimBulkReporting(t, a.project.id);
  const f = projectFixtures(t);
  const orgBId = await f.organisation(`Other Org B ${randomBytes(3).toString('hex')}`);
  const orgBProject = await f.project(`B Listing ${randomBytes(3).toString('hex')}`, {
    organisationId: orgBId,
  });
  const role8 = await first(
    t.db.select().from(user).where(eq(user.email, 'agency@demo.offplan.test')),
    'agency',
  );
  if (role8.jobRoleId !== 8) throw new Error('the demo agency user is expected to have job role 8');
  const unverified = await first(
    t.db.select().from(user).where(eq(user.email, 'unverified@demo.offplan.test')),
    'unverified user',
  );
  await t.db
    .insert(projectMembers)
    .values({ projectId: a.project.id, userId: role8.id })
    .onConflictDoNothing();
  const hidden = await hiddenListingOfA(t, a.org.id);
  const extra = await extraRowsOfA(t, a.org.id, a.owner.id, a.project.id);
  // B's owner edits B's own listing, so a call naming that listing and one of A's rows (its media)
  // gets past the listing's check and tests the row's.
  const otherOrgOwner = await f.person({ organisationId: orgBId, role: 'owner' });
  await t.db.insert(projectMembers).values({ projectId: orgBProject, userId: otherOrgOwner.id });
  const callers = await signInCallers(t, otherOrgOwner, a.owner.id);
  const keysOfB = await apiKeysOfB(t, otherOrgOwner.cookie);
  const ownerSession = rowsOf<{ id: string }>(
    await t.db.execute(
      sql`select id from ${session} where user_id = ${a.owner.id} and impersonated_by is null order by created_at limit 1`,
    ),
  )[0]!;
  const contactMarkers = [a.lead.email, a.lead.phone];
  const world: World = {
    orgA: { id: a.org.id, name: a.org.name },
    orgB: { id: orgBId, projectId: orgBProject, ...keysOfB },
    otherOrgOwnerId: otherOrgOwner.id,
    ownerA: {
      id: a.owner.id,
      email: a.owner.email,
      sessionId: ownerSession.id,
      accountId: a.ownerAccount.id,
    },
    memberA: { userId: a.otherMember.userId, memberId: a.otherMember.memberId, email: a.otherMember.email },
    role8: { id: role8.id },
    unverified: { id: unverified.id },
    projectA: a.project.id,
    projectAPath: { prefix: a.project.prefix!, slug: a.project.slug! },
    hiddenProjectA: hidden,
    mediaA: a.media.id,
    leadA: a.lead.id,
    accessRequestA: a.accessRequest.id,
    invitationA: extra.invitationId,
    orgInvitationA: extra.orgInvitationId,
    orgInviteeEmail: extra.orgInviteeEmail,
    joinRequestA: extra.joinRequestId,
    destinationA: a.destination.id,
    deliveryA: a.delivery.id,
    apiKeyA: a.apiKey.id,
    messageA: extra.messageId,
    recommendation: { userId: a.recommendation.userId, projectId: a.recommendation.projectId },
    job: await someJob(t),
    contactMarkers,
    privateMarkers: [
      ...contactMarkers,
      a.destination.secret!,
      a.apiKey.keyHash,
      a.otherMember.email,
      extra.inviteeEmail,
      extra.orgInviteeEmail,
      extra.joinerEmail,
      extra.messageTitle,
      extra.feedbackComment,
      ...(a.accessRequest.note ? [a.accessRequest.note] : []),
    ],
  };
  return { world, callers };
}

/**
 * Every table's row count and a hash of its rows (order-free: a sum of each row's hash), so any write
 * a refused call made shows up as a changed table.
 */
/**
 * Columns left out of a table's digest, stamps of use rather than data: better-auth stamps `updated_at`
 * on the caller's own session whenever its organisation plugin reads it, refusals included; a key's
 * `last_used_at` moves whenever B's key is used, to read B's own leads too.
 */
const UNDIGESTED_COLUMNS: Record<string, string> = {
  session: 'updated_at',
  organisation_api_keys: 'last_used_at',
};

export async function tableDigests(t: TestApp): Promise<Map<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await t.db.execute(
      sql`select tablename as name from pg_tables where schemaname = current_schema() order by 1`,
    ),
  ).map((row) => row.name);
  const parts = tables.map((name) => {
    const row = UNDIGESTED_COLUMNS[name] ? `(to_jsonb(t) - '${UNDIGESTED_COLUMNS[name]}')::text` : 't::text';
    return `select '${name}' as name, count(*)::text || ':' || coalesce(sum(hashtextextended(${row}, 0)), 0)::text as digest from "${name}" t`;
  });
  const rows = rowsOf<{ name: string; digest: string }>(
    await t.db.execute(sql.raw(parts.join(' union all '))),
  );
  return new Map(rows.map((row) => [row.name, row.digest]));
}
