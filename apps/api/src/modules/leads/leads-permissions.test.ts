import { API_PATHS, type LeadDetail, type LeadPage, type LeadResponseTimes } from '@offplan/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, leadEvents, leads, projectLeadRecipients, projectMembers } from '../../db/schema/index.ts';
import { cookiesOf, signIn } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';
import { leadFixtures } from './lead-fixtures.ts';

/**
 * Issue 16 "Permissions and bad input": every lead call tried without a session, as a user of another
 * organisation, as job role 8 (media agency: contact details masked, read-only) and as a platform admin.
 */

let t: TestApp;
let f: ReturnType<typeof projectFixtures>;
let l: ReturnType<typeof leadFixtures>;
type Caller = { id: string; email: string; cookie: string };
let developer: Caller;
let orgMemberOnly: Caller;
let stranger: Caller;
let strangerStaff: Caller;
let media: Caller;
let admin: Caller;
let orgA: string;
let orgB: string;
let alphaProject: number;
let bravoProject: number;
let alphaLead: typeof leads.$inferSelect;
let bravoLead: typeof leads.$inferSelect;

type Call = { name: string; method: string; path: () => string; json?: () => unknown };

/** Every call of the leads API, with a valid body, aimed at organisation A's lead and project. */
const CALLS: Call[] = [
  { name: 'list', method: 'GET', path: () => API_PATHS.leads },
  { name: 'detail', method: 'GET', path: () => API_PATHS.lead(alphaLead.id) },
  {
    name: 'status',
    method: 'POST',
    path: () => API_PATHS.leadStatus(alphaLead.id),
    json: () => ({ status: 'CONTACTED' }),
  },
  {
    name: 'notes',
    method: 'POST',
    path: () => API_PATHS.leadNotes(alphaLead.id),
    json: () => ({ text: 'Hi' }),
  },
  {
    name: 'assignee',
    method: 'PUT',
    path: () => API_PATHS.leadAssignee(alphaLead.id),
    json: () => ({ assigneeId: developer.id }),
  },
  { name: 'export', method: 'GET', path: () => API_PATHS.leadsExport },
  { name: 'response times', method: 'GET', path: () => API_PATHS.leadResponseTimes },
  { name: 'settings', method: 'GET', path: () => API_PATHS.leadSettings },
  {
    name: 'settings save',
    method: 'PUT',
    path: () => API_PATHS.leadSettings,
    json: () => ({ minutes: 5, businessHoursOnly: false }),
  },
  { name: 'recipients', method: 'GET', path: () => API_PATHS.projectLeadRecipients(alphaProject) },
  {
    name: 'recipients save',
    method: 'PUT',
    path: () => API_PATHS.projectLeadRecipients(alphaProject),
    json: () => ({ emails: ['leak@evil.test'] }),
  },
  { name: 'digest', method: 'GET', path: () => API_PATHS.leadDigest },
  {
    name: 'digest save',
    method: 'PUT',
    path: () => API_PATHS.leadDigest,
    json: () => ({ dailyDigest: true }),
  },
];

const call = (c: Call, who?: { cookie: string }) =>
  t.request(c.path(), {
    method: c.method,
    ...(c.json ? { json: c.json() } : {}),
    ...(who ? { cookie: who.cookie } : {}),
  });
const callNamed = (name: string, who?: { cookie: string }) => call(CALLS.find((c) => c.name === name)!, who);

async function json<T>(response: Response | Promise<Response>, status = 200): Promise<T> {
  const answer = await response;
  expect(answer.status).toBe(status);
  return (await answer.json()) as T;
}

const get = <T>(path: string, who: { cookie: string }) => json<T>(t.request(path, { cookie: who.cookie }));

/** The lead's stored state, to prove a refused write changed nothing. */
async function stateOf(id: number) {
  const [row] = await t.db.select().from(leads).where(eq(leads.id, id));
  const events = await t.db.select().from(leadEvents).where(eq(leadEvents.leadId, id));
  return { status: row!.status, assigneeId: row!.assigneeId, events: events.length };
}

/** A user whose job role is set before they sign in (job roles are fixed once chosen, design §1). */
async function personWithJobRole(organisationId: string, jobRoleId: number): Promise<Caller> {
  const created = await t.createUser({ firstName: 'Mia', lastName: 'Media' });
  await f.join(organisationId, created.id, 'member');
  await l.setJobRole(created.id, jobRoleId);
  return { ...created, cookie: (await signIn(t, created.email)).cookie };
}

beforeAll(async () => {
  t = await createTestApp();
  f = projectFixtures(t);
  l = leadFixtures(t);
  orgA = await f.organisation('Alpha Developments');
  orgB = await f.organisation('Bravo Homes');
  developer = await f.person({ organisationId: orgA, role: 'owner' });
  orgMemberOnly = await f.person({ organisationId: orgA, role: 'member' });
  stranger = await f.person({ organisationId: orgB, role: 'owner' });
  strangerStaff = await f.person({ organisationId: orgB, role: 'member' });
  media = await personWithJobRole(orgA, 8);
  admin = await f.person({ admin: true });
  alphaProject = await f.project('Alpha Quay', { organisationId: orgA });
  bravoProject = await f.project('Bravo Rise', { organisationId: orgB });
  await t.db.insert(projectMembers).values([
    { projectId: alphaProject, userId: developer.id },
    { projectId: alphaProject, userId: media.id },
    { projectId: bravoProject, userId: stranger.id },
    { projectId: bravoProject, userId: strangerStaff.id },
  ]);
  alphaLead = await l.lead({
    projectId: alphaProject,
    name: 'Alice Buyer',
    email: 'alice@example.test',
    phone: '+61411111111',
    message: 'Call me on 0411 111 111',
    status: 'LOST',
    lostReason: 'Reach her at alice@example.test',
  });
  await t.db.insert(leadEvents).values({
    leadId: alphaLead.id,
    kind: 'note',
    actorId: developer.id,
    text: 'Her mobile is 0411 111 111',
  });
  bravoLead = await l.lead({ projectId: bravoProject, name: 'Bob Buyer', email: 'bob@example.test' });
});
afterAll(() => t.close());

describe('without a session', () => {
  it('answers 401 to every lead call and changes nothing', async () => {
    const before = await stateOf(alphaLead.id);
    for (const c of CALLS) {
      const response = await call(c);
      expect(response.status, `${c.method} ${c.name}`).toBe(401);
    }
    expect(await stateOf(alphaLead.id)).toEqual(before);
  });
});

describe('as a user of another organisation', () => {
  it("never lists organisation A's leads, even when asked for its project", async () => {
    const own = await get<LeadPage>(API_PATHS.leads, stranger);
    expect(own.items.map((item) => item.id)).toEqual([bravoLead.id]);
    const asked = await get<LeadPage>(`${API_PATHS.leads}?projectIds=${alphaProject}`, stranger);
    expect(asked).toMatchObject({ items: [], total: 0 });
    const byOrganisation = await get<LeadPage>(`${API_PATHS.leads}?organisationId=${orgA}`, stranger);
    expect(byOrganisation).toMatchObject({ items: [], total: 0 });
  });

  it('answers 404 for the lead and its writes (never 403), and changes nothing', async () => {
    const before = await stateOf(alphaLead.id);
    for (const name of ['detail', 'status', 'notes', 'assignee']) {
      const response = await callNamed(name, stranger);
      expect(response.status, name).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
    expect((await t.request(API_PATHS.lead(999_999), { cookie: stranger.cookie })).status).toBe(404);
    expect(await stateOf(alphaLead.id)).toEqual(before);
  });

  it("exports and times none of A's leads", async () => {
    const csv = await t.request(`${API_PATHS.leadsExport}?projectIds=${alphaProject}`, {
      cookie: stranger.cookie,
    });
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const times = await get<LeadResponseTimes>(
      `${API_PATHS.leadResponseTimes}?projectIds=${alphaProject}`,
      stranger,
    );
    expect(times.overall.leads).toBe(0);
    expect(times.byProject).toEqual([]);
  });

  it("answers 404 for A's project recipients, and the settings are their own organisation's", async () => {
    expect((await callNamed('recipients', stranger)).status).toBe(404);
    expect((await callNamed('recipients save', stranger)).status).toBe(404);
    expect(
      await t.db
        .select()
        .from(projectLeadRecipients)
        .where(eq(projectLeadRecipients.projectId, alphaProject)),
    ).toEqual([]);
    await json(
      t.request(API_PATHS.leadSettings, {
        method: 'PUT',
        cookie: developer.cookie,
        json: { minutes: 20, businessHoursOnly: true },
      }),
    );
    expect(await get(API_PATHS.leadSettings, stranger)).toEqual({ minutes: 15, businessHoursOnly: true });
    expect((await callNamed('settings save', strangerStaff)).status).toBe(403);
    expect(await get(API_PATHS.leadSettings, developer)).toEqual({ minutes: 20, businessHoursOnly: true });
  });

  it('a member of A who is not an approved member of the project sees none of its leads', async () => {
    expect(await get<LeadPage>(API_PATHS.leads, orgMemberOnly)).toMatchObject({ items: [], total: 0 });
    expect((await callNamed('detail', orgMemberOnly)).status).toBe(404);
    expect((await callNamed('status', orgMemberOnly)).status).toBe(404);
    expect((await callNamed('recipients', orgMemberOnly)).status).toBe(404);
  });
});

describe('as job role 8 (media agency)', () => {
  it('reads the list masked, without export, and a search of contact details finds nothing new', async () => {
    const result = await get<LeadPage>(API_PATHS.leads, media);
    expect(result).toMatchObject({ masked: true, canExport: false, total: 1 });
    expect(result.items[0]).toMatchObject({
      id: alphaLead.id,
      name: 'A.••••',
      email: '••••',
      phone: '••••',
      masked: true,
    });
    const searched = await get<LeadPage>(
      `${API_PATHS.leads}?q=${encodeURIComponent('nobody-matches-this')}`,
      media,
    );
    expect(searched.items.map((item) => item.id)).toEqual([alphaLead.id]);
    expect(JSON.stringify(result)).not.toMatch(/alice|Alice|411/);
  });

  it('reads the drawer masked: contact details, message, lost reason and timeline text hidden, read-only', async () => {
    const drawer = await get<LeadDetail>(API_PATHS.lead(alphaLead.id), media);
    expect(drawer).toMatchObject({
      name: 'A.••••',
      email: '••••',
      phone: '••••',
      message: null,
      lostReason: null,
      masked: true,
      canEdit: false,
    });
    expect(drawer.timeline.map((entry) => entry.text)).toEqual([null, null]);
    expect(drawer.timeline.find((entry) => entry.kind === 'enquiry')!.data).toEqual({});
    expect(JSON.stringify(drawer)).not.toMatch(/alice|Alice|411/);
  });

  it('is refused export and every write with 403, and nothing changes', async () => {
    const before = await stateOf(alphaLead.id);
    for (const name of ['export', 'status', 'notes', 'assignee', 'recipients save']) {
      const response = await callNamed(name, media);
      expect(response.status, name).toBe(403);
    }
    expect(await stateOf(alphaLead.id)).toEqual(before);
    expect(
      await t.db
        .select()
        .from(projectLeadRecipients)
        .where(eq(projectLeadRecipients.projectId, alphaProject)),
    ).toEqual([]);
  });

  it('may read response times, recipients and settings, which hold no buyer details', async () => {
    const times = await get<LeadResponseTimes>(API_PATHS.leadResponseTimes, media);
    expect(times.overall.leads).toBe(1);
    expect((await callNamed('recipients', media)).status).toBe(200);
    expect((await callNamed('settings', media)).status).toBe(200);
  });
});

describe('as a platform admin', () => {
  it('sees every organisation, narrows to one, reads details in full and may change a lead', async () => {
    const everything = await get<LeadPage>(API_PATHS.leads, admin);
    expect(everything.items.map((item) => item.id).sort()).toEqual([alphaLead.id, bravoLead.id].sort());
    expect(everything).toMatchObject({ masked: false, canExport: true, total: 2 });
    const bravo = await get<LeadPage>(`${API_PATHS.leads}?organisationId=${orgB}`, admin);
    expect(bravo.items.map((item) => item.id)).toEqual([bravoLead.id]);
    const drawer = await get<LeadDetail>(API_PATHS.lead(bravoLead.id), admin);
    expect(drawer).toMatchObject({ email: 'bob@example.test', canEdit: true });
    const changed = await json<LeadDetail>(
      t.request(API_PATHS.leadStatus(bravoLead.id), {
        method: 'POST',
        cookie: admin.cookie,
        json: { status: 'CONTACTED' },
      }),
    );
    expect(changed.status).toBe('CONTACTED');
  });

  it("exports every organisation's leads, or one organisation's", async () => {
    const all = await t.request(API_PATHS.leadsExport, { cookie: admin.cookie });
    const body = await all.text();
    expect(body).toContain('alice@example.test');
    expect(body).toContain('bob@example.test');
    const bravo = await (
      await t.request(`${API_PATHS.leadsExport}?organisationId=${orgB}`, { cookie: admin.cookie })
    ).text();
    expect(bravo).toContain('bob@example.test');
    expect(bravo).not.toContain('alice@example.test');
  });

  it('manages any project recipients; lead settings and the digest belong to organisations and portal users', async () => {
    expect((await callNamed('recipients', admin)).status).toBe(200);
    expect((await callNamed('settings', admin)).status).toBe(403);
    expect((await callNamed('digest', admin)).status).toBe(403);
  });
});

describe('while an admin acts as a member', () => {
  it('lets the write through, as the member, and the audit row names the admin', async () => {
    const actingAdmin = await f.person({ admin: true });
    const started = await t.request('/api/auth/impersonation/start', {
      method: 'POST',
      cookie: actingAdmin.cookie,
      json: { userId: developer.id },
    });
    expect(started.status).toBe(200);
    const acting = { cookie: cookiesOf(started) };
    const lead = await l.lead({ projectId: alphaProject });
    const changed = await json<LeadDetail>(
      t.request(API_PATHS.leadStatus(lead.id), {
        method: 'POST',
        cookie: acting.cookie,
        json: { status: 'CONTACTED' },
      }),
    );
    expect(changed.timeline.at(-1)).toMatchObject({ kind: 'status', actor: { id: developer.id } });
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lead.status_change'), eq(auditLog.targetId, String(lead.id))));
    expect(row).toMatchObject({ actorUserId: actingAdmin.id, actingAsUserId: developer.id });
  });
});
