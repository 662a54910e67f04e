import {
  type LeadDetail,
  type LeadPage,
  type LeadResponseTimes,
  leadDetailSchema,
  leadPageSchema,
  leadResponseTimesSchema,
  leadSummarySchema,
} from '@offplan/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, leadEvents, leads, projectMembers } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';
import { LEAD_EXPORT_COLUMNS } from './lead-export.ts';
import { leadFixtures } from './lead-fixtures.ts';
import {
  countLeads,
  LEAD_EXPORT_BATCH_SIZE,
  type LeadExportCursor,
  leadExportBatch,
  startOfDayIn,
} from './leads.repository.ts';

let t: TestApp;
let f: ReturnType<typeof projectFixtures>;
let l: ReturnType<typeof leadFixtures>;
type Person = Awaited<ReturnType<ReturnType<typeof projectFixtures>['person']>>;
let developer: Person;
let agent: Person;
let stranger: Person;
let admin: Person;
let orgA: string;
let orgB: string;
let listProject: number;
let otherProject: number;
let bravoProject: number;

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

const headersOf = (who: { cookie: string }) => ({ headers: { cookie: who.cookie } });

async function page(who: { cookie: string }, query: Record<string, string> = {}): Promise<LeadPage> {
  const response = await t.client.api.leads.$get({ query }, headersOf(who));
  expect(response.status).toBe(200);
  // Parsed with the contract: the web reads answers through these schemas.
  return leadPageSchema.parse(await response.json());
}

async function detail(who: { cookie: string }, id: number): Promise<LeadDetail> {
  const response = await t.client.api.leads[':id'].$get({ param: { id: String(id) } }, headersOf(who));
  expect(response.status).toBe(200);
  return leadDetailSchema.parse(await response.json());
}

const changeStatus = (who: { cookie: string }, id: number, json: Record<string, unknown>) =>
  t.request(`/api/leads/${id}/status`, { method: 'POST', json, cookie: who.cookie });

/** A project of organisation A with the developer and the agent as approved members. */
async function teamProject(title: string) {
  const projectId = await f.project(title, { organisationId: orgA });
  await t.db.insert(projectMembers).values([
    { projectId, userId: developer.id },
    { projectId, userId: agent.id },
  ]);
  return projectId;
}

beforeAll(async () => {
  t = await createTestApp();
  f = projectFixtures(t);
  l = leadFixtures(t);
  orgA = await f.organisation('Alpha Developments');
  orgB = await f.organisation('Bravo Homes');
  developer = await f.person({ organisationId: orgA, role: 'owner' });
  agent = await f.person({ organisationId: orgA, role: 'member' });
  stranger = await f.person({ organisationId: orgB, role: 'owner' });
  admin = await f.person({ admin: true });
  listProject = await teamProject('Alpha Quay');
  otherProject = await teamProject('Alpha Gardens');
  bravoProject = await f.project('Bravo Rise', { organisationId: orgB });
  await t.db.insert(projectMembers).values({ projectId: bravoProject, userId: stranger.id });
});
afterAll(() => t.close());

describe('GET /api/leads: filters, search, dates, sort, counts and admins', () => {
  let ids: Record<string, number>;

  beforeAll(async () => {
    const make = async (key: string, values: Parameters<typeof l.lead>[0]) =>
      [key, (await l.lead(values)).id] as const;
    ids = Object.fromEntries(
      await Promise.all([
        make('old', {
          projectId: listProject,
          createdAt: ago(40),
          score: 10,
          status: 'LOST',
          lostReason: 'Bought elsewhere',
        }),
        make('investor', {
          projectId: listProject,
          createdAt: ago(3),
          score: 80,
          buyerType: 'INVESTOR',
          name: 'Ivan Investor',
        }),
        make('assigned', {
          projectId: listProject,
          createdAt: ago(2),
          score: 55,
          assigneeId: agent.id,
          source: 'api',
        }),
        make('newest', {
          projectId: otherProject,
          createdAt: ago(1),
          score: 30,
          name: 'Nora Newest',
          email: 'nora@example.test',
        }),
        make('bravo', { projectId: bravoProject, createdAt: ago(1), score: 90 }),
      ]),
    );
  });

  const idsOf = (result: LeadPage) => result.items.map((item) => item.id);
  const mine = (result: LeadPage) => idsOf(result).filter((id) => Object.values(ids).includes(id));

  it("lists the leads of the member's projects only, newest first, with the total of the same filters", async () => {
    const result = await page(developer, { projectIds: `${listProject},${otherProject}` });
    expect(mine(result)).toEqual([ids.newest, ids.assigned, ids.investor, ids.old]);
    expect(idsOf(result)).not.toContain(ids.bravo);
    expect(result).toMatchObject({ page: 1, perPage: 25, canExport: true, masked: false });
    expect(result.total).toBe(result.items.length);
    const newest = result.items[0]!;
    expect(newest).toMatchObject({
      projectId: otherProject,
      projectTitle: 'Alpha Gardens',
      name: 'Nora Newest',
    });
    expect(newest.email).toBe('nora@example.test');
    expect(Object.keys(newest).sort()).toEqual(Object.keys(leadSummarySchema.shape).sort());
    expect(newest.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('filters by status, buyer type, score range, source, assignee and project', async () => {
    const scope = { projectIds: `${listProject},${otherProject}` };
    expect(mine(await page(developer, { ...scope, status: 'LOST' }))).toEqual([ids.old]);
    expect(mine(await page(developer, { ...scope, buyerType: 'INVESTOR' }))).toEqual([ids.investor]);
    expect(mine(await page(developer, { ...scope, scoreMin: '30', scoreMax: '60' }))).toEqual([
      ids.newest,
      ids.assigned,
    ]);
    expect(mine(await page(developer, { ...scope, source: 'api' }))).toEqual([ids.assigned]);
    expect(mine(await page(developer, { ...scope, assignee: agent.id }))).toEqual([ids.assigned]);
    expect(mine(await page(developer, { ...scope, assignee: 'none' }))).not.toContain(ids.assigned);
    expect(mine(await page(developer, { projectIds: String(otherProject) }))).toEqual([ids.newest]);
    const filtered = await page(developer, { ...scope, status: 'NEW', buyerType: 'FIRST_HOME_BUYER' });
    expect(filtered.total).toBe(2);
  });

  it('searches name, email and phone (a typed local number finds the E.164 one)', async () => {
    const scope = { projectIds: `${listProject},${otherProject}` };
    expect(mine(await page(developer, { ...scope, q: 'ivan' }))).toEqual([ids.investor]);
    expect(mine(await page(developer, { ...scope, q: 'NORA@' }))).toEqual([ids.newest]);
    expect(mine(await page(developer, { ...scope, q: '0412 345 678' }))).toHaveLength(4);
    expect(mine(await page(developer, { ...scope, q: '100%' }))).toEqual([]);
  });

  it('takes dates as whole days in Sydney, both ends included', async () => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(ago(3));
    const result = await page(developer, { projectIds: String(listProject), from: day, to: day });
    expect(mine(result)).toEqual([ids.investor]);
    // Midnight in Sydney is 13:00 or 14:00 UTC the day before.
    expect(startOfDayIn('2026-01-15').toISOString()).toBe('2026-01-14T13:00:00.000Z');
    expect(startOfDayIn('2026-07-15').toISOString()).toBe('2026-07-14T14:00:00.000Z');
  });

  it('sorts by score both ways and pages without overlap', async () => {
    const scope = { projectIds: `${listProject},${otherProject}` };
    expect(mine(await page(developer, { ...scope, sort: 'score', order: 'desc' }))).toEqual([
      ids.investor,
      ids.assigned,
      ids.newest,
      ids.old,
    ]);
    expect(mine(await page(developer, { ...scope, sort: 'score', order: 'asc' }))[0]).toBe(ids.old);
    const all = await page(developer, { ...scope, sort: 'name', order: 'asc' });
    expect(all.items.map((item) => item.name)).toEqual([...all.items.map((item) => item.name)].sort());
    const byProject = await page(developer, { ...scope, sort: 'project', order: 'asc' });
    expect(byProject.items[0]!.projectTitle).toBe('Alpha Gardens');
  });

  it('counts exactly up to the cap, then says there are more', async () => {
    const reader = { userId: developer.id, isAdmin: false, seesContacts: true, mayEdit: true };
    const filter = { projectIds: [listProject, otherProject] };
    expect(await countLeads(t.db, reader, filter, 4)).toEqual({ total: 4, capped: false });
    expect(await countLeads(t.db, reader, filter, 3)).toEqual({ total: 3, capped: true });
    expect(await page(developer, { projectIds: String(listProject) })).toMatchObject({ totalCapped: false });
  });

  it('lets a platform admin see every organisation and narrow to one', async () => {
    const everything = await page(admin, { perPage: '100' });
    expect(idsOf(everything)).toEqual(expect.arrayContaining([ids.bravo, ids.newest]));
    const bravoOnly = await page(admin, { organisationId: orgB, perPage: '100' });
    expect(idsOf(bravoOnly)).toContain(ids.bravo);
    expect(idsOf(bravoOnly)).not.toContain(ids.newest);
    expect(bravoOnly.total).toBe(bravoOnly.items.length);
  });
});

describe('GET /api/leads: paging and bad queries', () => {
  it('pages on the server: 25 a page, the rest on page 2, the total unchanged', async () => {
    const projectId = await teamProject('Paged Towers');
    for (let i = 0; i < 30; i += 1) await l.lead({ projectId, createdAt: ago(i) });
    const first = await page(developer, { projectIds: String(projectId) });
    const second = await page(developer, { projectIds: String(projectId), page: '2' });
    expect(first.items).toHaveLength(25);
    expect(second.items).toHaveLength(5);
    expect(first.total).toBe(30);
    expect(second.total).toBe(30);
    const ids = [...first.items, ...second.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(30);
  });

  it('refuses a bad query with 400 and field messages', async () => {
    const queries: [Record<string, string>, string][] = [
      [{ status: 'WON' }, 'status'],
      [{ perPage: '7' }, 'perPage'],
      [{ sort: 'email' }, 'sort'],
      [{ from: '2026/01/01' }, 'from'],
    ];
    for (const [query, field] of queries) {
      const response = await t.client.api.leads.$get({ query }, headersOf(developer));
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as unknown as { error: { fields: Record<string, string> } };
      expect(Object.keys(error.fields).join(), field).toContain(field);
    }
    const perPage = await t.client.api.leads.$get({ query: { perPage: '7' } }, headersOf(developer));
    expect(
      ((await perPage.json()) as unknown as { error: { fields: Record<string, string> } }).error.fields,
    ).toEqual({
      perPage: 'must be 25, 50 or 100',
    });
  });
});

describe('GET /api/leads/{id}: the drawer', () => {
  it('explains the score with the stored contributions and a decay line, and shows the timeline as text', async () => {
    const lead = await l.lead({
      projectId: listProject,
      baseScore: 60,
      score: 45,
      lastActivityAt: ago(75),
      message: '<script>alert(1)</script>',
      scoreContributions: [
        { ruleId: 1, label: 'Finance pre-approved', points: 40 },
        { ruleId: 2, label: 'Ready to buy now', points: 20 },
      ],
    });
    const drawer = await detail(developer, lead.id);
    expect(drawer.scoreContributions).toEqual([
      { ruleId: 1, label: 'Finance pre-approved', points: 40 },
      { ruleId: 2, label: 'Ready to buy now', points: 20 },
      { ruleId: null, label: 'No activity for 75 days', points: -15 },
    ]);
    expect(drawer.message).toBe('<script>alert(1)</script>');
    expect(drawer.timeline).toEqual([
      expect.objectContaining({ kind: 'enquiry', text: '<script>alert(1)</script>', actor: null }),
    ]);
    expect(drawer.canEdit).toBe(true);
    // The answer is the contract's shape, nothing more (no internal columns).
    expect(Object.keys(drawer).sort()).toEqual(Object.keys(leadDetailSchema.shape).sort());
    expect(drawer.assignableMembers.map((member) => member.id).sort()).toEqual(
      [agent.id, developer.id].sort(),
    );
  });

  it("links the same buyer's leads on other projects the reader may see", async () => {
    const email = 'repeat@example.test';
    const here = await l.lead({ projectId: listProject, email });
    const there = await l.lead({ projectId: otherProject, email });
    const elsewhere = await l.lead({ projectId: bravoProject, email });
    const seen = (await detail(developer, here.id)).alsoEnquiredOn.map((item) => item.leadId);
    expect(seen).toEqual([there.id]);
    const seenByAdmin = (await detail(admin, here.id)).alsoEnquiredOn.map((item) => item.leadId);
    expect(seenByAdmin.sort()).toEqual([there.id, elsewhere.id].sort());
  });
});

describe('POST /api/leads/{id}/status: the pipeline', () => {
  it('records each move, sets the first response once, restores a decayed score, and audits', async () => {
    const lead = await l.lead({
      projectId: listProject,
      createdAt: ago(1),
      baseScore: 50,
      score: 20,
      lastActivityAt: ago(90),
    });
    const contacted = await changeStatus(agent, lead.id, { status: 'CONTACTED' });
    expect(contacted.status).toBe(200);
    const after = (await contacted.json()) as LeadDetail;
    expect(after).toMatchObject({ status: 'CONTACTED', score: 50 });
    expect(after.firstResponseSeconds).toBeGreaterThanOrEqual(86_399);
    expect(after.scoreContributions.map((line) => line.label)).toEqual(['Finance pre-approved']);
    expect(after.timeline.at(-1)).toMatchObject({
      kind: 'status',
      actor: { id: agent.id },
      data: { from: 'NEW', to: 'CONTACTED' },
    });

    const [first] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(first!.firstResponseById).toBe(agent.id);
    await changeStatus(developer, lead.id, { status: 'NEW' });
    await changeStatus(developer, lead.id, { status: 'INSPECTED' });
    const [later] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(later!.firstResponseAt).toEqual(first!.firstResponseAt);
    expect(later!.firstResponseById).toBe(agent.id);
    expect(later!.status).toBe('INSPECTED');

    const events = await t.db
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, lead.id), eq(leadEvents.kind, 'status')))
      // In the order written: without it PostgreSQL may return the rows in any order (CI, 28 Nov).
      .orderBy(asc(leadEvents.id));
    expect(events.map((event) => event.data)).toEqual([
      { from: 'NEW', to: 'CONTACTED' },
      { from: 'CONTACTED', to: 'NEW' },
      { from: 'NEW', to: 'INSPECTED' },
    ]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lead.status_change'), eq(auditLog.targetId, String(lead.id))))
      .orderBy(asc(auditLog.id));
    expect(audits).toHaveLength(3);
    expect(audits[0]).toMatchObject({ actorUserId: agent.id, data: { from: 'NEW', to: 'CONTACTED' } });
  });

  it('needs a reason for Lost and a sale price and date for Exchanged and Settled', async () => {
    const lead = await l.lead({ projectId: listProject });
    const noReason = await changeStatus(developer, lead.id, { status: 'LOST' });
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      lostReason: 'Say why the lead was lost',
    });
    const noSale = await changeStatus(developer, lead.id, { status: 'EXCHANGED', salePrice: 650000 });
    expect(noSale.status).toBe(400);
    expect(
      ((await noSale.json()) as { error: { fields: Record<string, string> } }).error.fields,
    ).toHaveProperty('saleDate');
    const [unchanged] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(unchanged!.status).toBe('NEW');

    const lost = (await (
      await changeStatus(developer, lead.id, { status: 'LOST', lostReason: 'Bought elsewhere' })
    ).json()) as LeadDetail;
    expect(lost).toMatchObject({ status: 'LOST', lostReason: 'Bought elsewhere' });
    expect(lost.timeline.at(-1)).toMatchObject({ kind: 'status', text: 'Bought elsewhere' });
    const sold = (await (
      await changeStatus(developer, lead.id, {
        status: 'EXCHANGED',
        salePrice: 650000,
        saleDate: '2026-03-01',
      })
    ).json()) as LeadDetail;
    expect(sold).toMatchObject({
      status: 'EXCHANGED',
      salePrice: 650000,
      saleDate: '2026-03-01',
      lostReason: null,
    });
    expect(sold.timeline.at(-1)!.data).toEqual({
      from: 'LOST',
      to: 'EXCHANGED',
      salePrice: 650000,
      saleDate: '2026-03-01',
    });
  });

  it('records nothing when nothing changes', async () => {
    const lead = await l.lead({ projectId: listProject });
    expect((await changeStatus(developer, lead.id, { status: 'NEW' })).status).toBe(200);
    const events = await t.db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id));
    expect(events.map((event) => event.kind)).toEqual(['enquiry']);
  });
});

describe('notes and assignee', () => {
  it('adds a note as plain text to the timeline, as activity', async () => {
    const lead = await l.lead({ projectId: listProject, lastActivityAt: ago(10) });
    const response = await t.client.api.leads[':id'].notes.$post(
      { param: { id: String(lead.id) }, json: { text: 'Called back <b>twice</b>\nno answer' } },
      headersOf(agent),
    );
    expect(response.status).toBe(200);
    const after = (await response.json()) as LeadDetail;
    expect(after.timeline.at(-1)).toMatchObject({
      kind: 'note',
      text: 'Called back <b>twice</b>\nno answer',
      actor: { id: agent.id },
    });
    const [row] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row!.lastActivityAt.getTime()).toBeGreaterThan(ago(1).getTime());
    expect(row!.firstResponseAt).toBeNull();
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lead.note_add'), eq(auditLog.targetId, String(lead.id))));
    expect(audit).toBeDefined();
  });

  it('assigns to an approved member of the project, refuses anyone else with a field message, and unassigns', async () => {
    const lead = await l.lead({ projectId: listProject });
    const assign = (assigneeId: string | null) =>
      t.client.api.leads[':id'].assignee.$put(
        { param: { id: String(lead.id) }, json: { assigneeId } },
        headersOf(developer),
      );
    const outsider = await assign(stranger.id);
    expect(outsider.status).toBe(400);
    expect(((await outsider.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      assigneeId: 'Choose an approved member of this project',
    });
    const assigned = await assign(agent.id);
    expect(assigned.status).toBe(200);
    const after = (await assigned.json()) as LeadDetail;
    expect(after.assignee).toEqual({ id: agent.id, name: 'Test User' });
    expect(after.timeline.at(-1)).toMatchObject({ kind: 'assigned', data: { assignee: { id: agent.id } } });
    const cleared = (await (await assign(null)).json()) as LeadDetail;
    expect(cleared.assignee).toBeNull();
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lead.assign'), eq(auditLog.targetId, String(lead.id))));
    expect(audits.map((row) => row.data)).toEqual([
      { from: null, to: agent.id },
      { from: agent.id, to: null },
    ]);
  });
});

describe('GET /api/leads/response-times', () => {
  it('covers the last 30 days unless the query says from when', async () => {
    const projectId = await teamProject('Windowed Walk');
    const answeredAt = (days: number) => ({
      projectId,
      createdAt: ago(days),
      status: 'CONTACTED' as const,
      firstResponseAt: new Date(ago(days).getTime() + 600_000),
      firstResponseById: agent.id,
    });
    await l.lead(answeredAt(10));
    await l.lead(answeredAt(45));
    const times = async (query: Record<string, string>) =>
      (await (
        await t.client.api.leads['response-times'].$get(
          { query: { projectIds: String(projectId), ...query } },
          headersOf(developer),
        )
      ).json()) as LeadResponseTimes;
    expect((await times({})).overall).toMatchObject({ leads: 1, responded: 1, medianSeconds: 600 });
    const since = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(ago(60));
    expect((await times({ from: since })).overall).toMatchObject({ leads: 2, responded: 2 });
  });

  it('gives the median and 90th percentile per agent, per project and overall', async () => {
    const projectId = await teamProject('Timed Terraces');
    const answered = async (minutes: number, by: string) =>
      l.lead({
        projectId,
        createdAt: ago(2),
        status: 'CONTACTED',
        firstResponseAt: new Date(ago(2).getTime() + minutes * 60_000),
        firstResponseById: by,
      });
    await answered(10, agent.id);
    await answered(20, agent.id);
    await answered(30, agent.id);
    await answered(60, developer.id);
    await l.lead({ projectId, createdAt: ago(2) });
    const response = await t.client.api.leads['response-times'].$get(
      { query: { projectIds: String(projectId) } },
      headersOf(developer),
    );
    expect(response.status).toBe(200);
    const times = leadResponseTimesSchema.parse(await response.json());
    expect(times.overall).toMatchObject({ leads: 5, responded: 4, medianSeconds: 25 * 60 });
    expect(times.overall.p90Seconds).toBeCloseTo(51 * 60, -1);
    expect(times.byProject).toEqual([
      expect.objectContaining({ key: String(projectId), label: 'Timed Terraces', leads: 5, responded: 4 }),
    ]);
    const agentRow = times.byAgent.find((row) => row.key === agent.id);
    expect(times.byAgent.map((row) => row.key).sort()).toEqual([agent.id, developer.id].sort());
    expect(agentRow).toMatchObject({ leads: 3, responded: 3, medianSeconds: 20 * 60, p90Seconds: 28 * 60 });
    expect(times.byAgent.find((row) => row.key === developer.id)).toMatchObject({ medianSeconds: 3600 });
  });
});

/** Parses the CSV the export writes (every cell quoted). */
function parseCsv(body: string): string[][] {
  const rows: string[][] = [];
  const cell = /"((?:[^"]|"")*)"(,|\r\n)/g;
  let row: string[] = [];
  for (const match of body.replace(/^\uFEFF/, '').matchAll(cell)) {
    row.push(match[1]!.replace(/""/g, '"'));
    if (match[2] === '\r\n') {
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

describe('GET /api/leads/export', () => {
  it('streams exactly the filtered set as CSV, formulas neutralised and HTML as typed', async () => {
    const projectId = await teamProject('Exported Estate');
    const risky = await l.lead({
      projectId,
      name: '=HYPERLINK("http://evil.test","x")',
      message: '<b>hi</b>, "quoted"\nline two',
      status: 'CONTACTED',
    });
    await l.lead({ projectId, status: 'LOST', lostReason: 'No budget' });
    await l.lead({ projectId, name: '+61 caller', status: 'CONTACTED', createdAt: ago(1) });
    const query = { projectIds: String(projectId), status: 'CONTACTED' };
    const response = await t.client.api.leads.export.$get({ query }, headersOf(developer));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const body = await response.text();
    const [header, ...rows] = parseCsv(body);
    expect(header).toEqual(LEAD_EXPORT_COLUMNS.map(([title]) => title));
    const listed = await page(developer, query);
    expect(rows.map((row) => Number(row[0]))).toEqual(listed.items.map((item) => item.id));
    expect(body).toContain('"\'=HYPERLINK(""http://evil.test"",""x"")"');
    expect(body).toContain('"\'+61 caller"');
    const riskyRow = rows.find((row) => Number(row[0]) === risky.id)!;
    expect(riskyRow[header!.indexOf('Message')]).toBe('<b>hi</b>, "quoted"\nline two');
    expect(riskyRow[header!.indexOf('Status')]).toBe('Contacted');
  });

  it('is sent uncompressed as it is read, even to a client that accepts gzip', async () => {
    const response = await t.client.api.leads.export.$get(
      { query: {} },
      { headers: { ...headersOf(developer).headers, 'accept-encoding': 'gzip, deflate' } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
    await response.text();
  });

  it('reads in batches: more leads than one batch come out once each', async () => {
    const projectId = await teamProject('Batched Blocks');
    const count = 2 * 7 + 3;
    const same = ago(5);
    for (let i = 0; i < count; i += 1) await l.lead({ projectId, createdAt: i % 2 ? same : ago(i) });
    const reader = { userId: developer.id, isAdmin: false, seesContacts: true, mayEdit: true };
    const seen: number[] = [];
    let cursor: LeadExportCursor | null = null;
    do {
      const batch = await leadExportBatch(t.db, reader, { projectIds: [projectId] }, 'desc', cursor, 7);
      seen.push(...batch.rows.map((row) => row.id));
      cursor = batch.next;
    } while (cursor);
    expect(seen).toHaveLength(count);
    expect(new Set(seen).size).toBe(count);
    expect(LEAD_EXPORT_BATCH_SIZE).toBeGreaterThan(100);
  });
});

describe('lead settings, recipients and digest', () => {
  it("reads and saves the organisation's response target (owners), default 15 business minutes", async () => {
    const read = await t.client.api.leads.settings.$get({}, headersOf(agent));
    expect(await read.json()).toEqual({ minutes: 15, businessHoursOnly: true });
    const refused = await t.client.api.leads.settings.$put(
      { json: { minutes: 30, businessHoursOnly: false } },
      headersOf(agent),
    );
    expect(refused.status).toBe(403);
    const saved = await t.client.api.leads.settings.$put(
      { json: { minutes: 30, businessHoursOnly: false } },
      headersOf(developer),
    );
    expect(saved.status).toBe(200);
    expect(await (await t.client.api.leads.settings.$get({}, headersOf(agent))).json()).toEqual({
      minutes: 30,
      businessHoursOnly: false,
    });
    expect(await (await t.client.api.leads.settings.$get({}, headersOf(stranger))).json()).toEqual({
      minutes: 15,
      businessHoursOnly: true,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'organisation.lead_settings'), eq(auditLog.targetId, orgA)));
    expect(audit).toMatchObject({
      actorUserId: developer.id,
      data: { minutes: 30, businessHoursOnly: false },
    });
  });

  it("shows a project's recipients with the defaults, and saves its own list", async () => {
    const projectId = await teamProject('Recipient Rows');
    const path = { param: { id: String(projectId) } };
    const before = await t.client.api.projects[':id']['lead-recipients'].$get(path, headersOf(agent));
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({
      emails: [],
      defaults: [agent.email, developer.email].map((e) => e.toLowerCase()).sort(),
    });
    const saved = await t.client.api.projects[':id']['lead-recipients'].$put(
      { ...path, json: { emails: ['Sales@Alpha.test', 'sales@alpha.test', 'ceo@alpha.test'] } },
      headersOf(agent),
    );
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { emails: string[] }).emails).toEqual([
      'ceo@alpha.test',
      'sales@alpha.test',
    ]);
    const bad = await t.client.api.projects[':id']['lead-recipients'].$put(
      { ...path, json: { emails: ['not an email'] } },
      headersOf(agent),
    );
    expect(bad.status).toBe(400);
  });

  it("keeps the signed-in user's digest choice", async () => {
    expect(await (await t.client.api.account['lead-digest'].$get({}, headersOf(agent))).json()).toEqual({
      dailyDigest: false,
    });
    const on = await t.client.api.account['lead-digest'].$put(
      { json: { dailyDigest: true } },
      headersOf(agent),
    );
    expect(on.status).toBe(200);
    expect(await (await t.client.api.account['lead-digest'].$get({}, headersOf(agent))).json()).toEqual({
      dailyDigest: true,
    });
    expect(await (await t.client.api.account['lead-digest'].$get({}, headersOf(developer))).json()).toEqual({
      dailyDigest: false,
    });
    await t.client.api.account['lead-digest'].$put({ json: { dailyDigest: false } }, headersOf(agent));
    expect(await (await t.client.api.account['lead-digest'].$get({}, headersOf(agent))).json()).toEqual({
      dailyDigest: false,
    });
  });
});
