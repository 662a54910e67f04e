import {
  EXPORT_API_PATHS,
  EXPORT_AUDIT_ACTION,
  EXPORT_MAX_CONCURRENT,
  EXPORT_MESSAGES,
  EXPORT_ROWS_HEADER,
  type ExportDataset,
  FEEDBACK_CATEGORY_LABELS,
  recentExportsSchema,
} from '@offplan/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  buyerFeedback,
  feedback,
  leadBuyers,
  organization,
  projectMembers,
  user,
} from '../../db/schema/index.ts';
import { cookiesOf } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { leadFixtures } from '../leads/lead-fixtures.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';
import { exportCsvStream } from './exports.csv.ts';
import { EXPORT_BATCH_SIZE, openExport } from './exports.repository.ts';

let t: TestApp;
let f: ReturnType<typeof projectFixtures>;
let l: ReturnType<typeof leadFixtures>;
type Person = Awaited<ReturnType<ReturnType<typeof projectFixtures>['person']>>;
let admin: Person;
let owner: Person;
let acting: { cookie: string };
let orgId: string;
let projectId: number;

/**
 * 10 March 2020 in Sydney (daylight time, UTC+11) runs from 2020-03-09T13:00Z to 2020-03-10T13:00Z: the
 * records below sit on both edges of that day, and the filter takes exactly the ones inside.
 */
const DAY = { from: '2020-03-10', to: '2020-03-10' };
const FIRST_INSTANT = new Date('2020-03-09T13:00:00.000Z');
const JUST_BEFORE = new Date('2020-03-09T12:59:59.999Z');
const LAST_INSTANT = new Date('2020-03-10T12:59:59.999Z');
const DAY_AFTER = new Date('2020-03-10T13:00:00.000Z');
/** A separate day for the streaming tests' many leads (3 June 2019, Sydney). */
const BULK_DAY = { from: '2019-06-03', to: '2019-06-03' };
const BULK_ROWS = EXPORT_BATCH_SIZE * 3 + 17;

const exportUrl = (dataset: ExportDataset, range: Record<string, string> = DAY) =>
  `${EXPORT_API_PATHS.exportCsv(dataset)}?${new URLSearchParams(range)}`;

/** `Response.text()` and a default decoder drop the byte-order mark: this keeps it, to check it is sent. */
const keepBom = new TextDecoder('utf-8', { ignoreBOM: true });

/** Parses the CSV the export writes (BOM, every cell quoted, CRLF). */
function parseCsv(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  for (const match of body.slice(1).matchAll(/"((?:[^"]|"")*)"(,|\r\n)/g)) {
    row.push(match[1]!.replace(/""/g, '"'));
    if (match[2] === '\r\n') {
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

/** The export as header and rows keyed by header, after checking it answered 200 with a CSV. */
async function exported(dataset: ExportDataset, range: Record<string, string> = DAY) {
  const response = await t.request(exportUrl(dataset, range), { cookie: admin.cookie });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const [header, ...rows] = parseCsv(keepBom.decode(await response.arrayBuffer()));
  expect(Number(response.headers.get(EXPORT_ROWS_HEADER))).toBe(rows.length);
  return {
    header: header!,
    rows: rows.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i]]))),
    disposition: response.headers.get('content-disposition'),
  };
}

async function exportAudits() {
  return t.db.select().from(auditLog).where(eq(auditLog.action, EXPORT_AUDIT_ACTION));
}

beforeAll(async () => {
  t = await createTestApp();
  f = projectFixtures(t);
  l = leadFixtures(t);
  admin = await f.person({ admin: true });
  orgId = await f.organisation('Edge Developments');
  await t.db.update(organization).set({ createdAt: FIRST_INSTANT }).where(eq(organization.id, orgId));
  owner = await f.person({ organisationId: orgId, role: 'owner' });
  projectId = await f.project('Edge Residences', { organisationId: orgId, createdAt: LAST_INSTANT });
  await t.db.insert(projectMembers).values({ projectId, userId: owner.id });
  const started = await t.request('/api/auth/impersonation/start', {
    method: 'POST',
    cookie: (await f.person({ admin: true })).cookie,
    json: { userId: owner.id },
  });
  expect(started.status).toBe(200);
  acting = { cookie: cookiesOf(started) };
});
afterAll(() => t.close());

describe('/api/exports: who may call', () => {
  it('answers 401 without a session and 403 to a portal user and to an admin acting as one', async () => {
    const urls = [exportUrl('leads'), EXPORT_API_PATHS.exportCount('leads'), EXPORT_API_PATHS.exportsRecent];
    for (const url of urls) {
      expect((await t.request(url)).status).toBe(401);
      expect((await t.request(url, { cookie: owner.cookie })).status).toBe(403);
      expect((await t.request(url, { cookie: acting.cookie })).status).toBe(403);
    }
    expect(await exportAudits()).toEqual([]);
  });
});

describe('/api/exports: bad input', () => {
  it('refuses a range the wrong way round with 400 naming `to`, and audits nothing', async () => {
    for (const url of [
      exportUrl('leads', { from: '2020-03-10', to: '2020-03-09' }),
      `${EXPORT_API_PATHS.exportCount('users')}?from=2020-03-10&to=2020-03-09`,
    ]) {
      const response = await t.request(url, { cookie: admin.cookie });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { fields?: Record<string, string[]> } };
      expect(JSON.stringify(body)).toContain(EXPORT_MESSAGES.toBeforeFrom);
      expect(JSON.stringify(body)).toContain('to');
    }
    expect(await exportAudits()).toEqual([]);
  });

  it('refuses a malformed date and an unknown dataset with 400', async () => {
    const bad = await t.request(exportUrl('leads', { from: '2020-02-31x' }), { cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(EXPORT_MESSAGES.badDate);
    const unknown = await t.request('/api/exports/passwords', { cookie: admin.cookie });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('dataset');
    expect(await exportAudits()).toEqual([]);
  });
});

describe('/api/exports: users and organisations', () => {
  beforeAll(async () => {
    const inside = await t.createUser({ email: 'inside@example.test' });
    const outside = await t.createUser({ email: 'outside@example.test' });
    await t.db
      .update(user)
      .set({
        name: 'Ida Inside',
        createdAt: LAST_INSTANT,
        title: '=cmd|"/c calc"!A1',
        jobRoleId: 8,
        emailVerified: true,
      })
      .where(eq(user.id, inside.id));
    await t.db.update(user).set({ createdAt: DAY_AFTER }).where(eq(user.id, outside.id));
    await t.db
      .update(user)
      .set({ name: 'Owner Olsen', createdAt: FIRST_INSTANT })
      .where(eq(user.id, owner.id));
  });

  it('writes the users created that day, with their organisation and labels, formulas neutralised', async () => {
    const { header, rows, disposition } = await exported('users');
    expect(disposition).toBe('attachment; filename="users-2020-03-10-to-2020-03-10.csv"');
    expect(header).toEqual([
      'User ID',
      'Name',
      'First name',
      'Last name',
      'Email',
      'Email verified',
      'Phone',
      'Title',
      'Company (as registered)',
      'Job role',
      'Organisation',
      'Organisation role',
      'Platform admin',
      'Banned',
      'Two-step sign-in',
      'Created',
    ]);
    expect(rows.map((row) => row.Email)).toEqual([owner.email, 'inside@example.test']);
    expect(rows[0]).toMatchObject({
      'User ID': owner.id,
      Organisation: 'Edge Developments',
      'Organisation role': 'Owner',
      'Platform admin': 'No',
      Created: '2020-03-09T13:00:00Z',
    });
    expect(rows[1]).toMatchObject({
      Name: 'Ida Inside',
      Title: `'=cmd|"/c calc"!A1`,
      'Job role': 'Media Agency',
      'Email verified': 'Yes',
      Organisation: '',
      Created: '2020-03-10T12:59:59Z',
    });
  });

  it('writes the organisations created that day with members, owners and projects', async () => {
    const before = await f.organisation('Earlier Pty Ltd');
    await t.db.update(organization).set({ createdAt: JUST_BEFORE }).where(eq(organization.id, before));
    const { header, rows } = await exported('organisations');
    expect(header).toEqual([
      'Organisation ID',
      'Name',
      'ABN',
      'Website',
      'Phone',
      'Address',
      'Visibility',
      'Tenant',
      'Members',
      'Owners',
      'Projects',
      'Created',
    ]);
    expect(rows).toEqual([
      expect.objectContaining({
        'Organisation ID': orgId,
        Name: 'Edge Developments',
        Members: '1',
        Owners: owner.email,
        Projects: '1',
        Created: '2020-03-09T13:00:00Z',
      }),
    ]);
  });
});

describe('/api/exports: projects', () => {
  it('writes the projects created that day with owner organisation, status, members and leads', async () => {
    await f.project('Too Early Towers', { createdAt: JUST_BEFORE });
    await f.project('Next Day Place', { createdAt: DAY_AFTER });
    await l.lead({ projectId, createdAt: new Date() });
    const { header, rows } = await exported('projects');
    expect(header).toEqual([
      'Project ID',
      'Title',
      'Internal name',
      'Owner organisation',
      'Organisation ID',
      'Developer',
      'Address',
      'Suburb',
      'State',
      'Postcode',
      'Building type',
      'Stage',
      'Sales status',
      'Campaign type',
      'Public path',
      'Members',
      'Leads',
      'Leads (last 30 days)',
      'Created',
      'Updated',
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      'Project ID': String(projectId),
      Title: 'Edge Residences',
      'Owner organisation': 'Edge Developments',
      'Organisation ID': orgId,
      State: 'NSW',
      Stage: 'In Planning',
      'Sales status': 'Pending Launch',
      Members: '1',
      Leads: '1',
      'Leads (last 30 days)': '1',
      Created: '2020-03-10T12:59:59Z',
    });
    expect(rows[0]!['Public path']).toMatch(/^\/nsw\/edge-residences-/);
  });
});

describe('/api/exports: leads', () => {
  it('writes the leads received that day (edges included and excluded), contacts shown, formulas neutralised', async () => {
    const first = await l.lead({ projectId, createdAt: FIRST_INSTANT, name: '=HYPERLINK("http://x","y")' });
    await l.lead({ projectId, createdAt: JUST_BEFORE });
    const last = await l.lead({
      projectId,
      createdAt: LAST_INSTANT,
      email: 'last@example.test',
      phone: '+61400000001',
      message: '@SUM(A1:A9) <b>hi</b>',
      status: 'LOST',
      lostReason: '-bought elsewhere',
    });
    await l.lead({ projectId, createdAt: DAY_AFTER });
    const { header, rows } = await exported('leads');
    expect(header.slice(0, 6)).toEqual([
      'Lead ID',
      'Received',
      'Project ID',
      'Project',
      'Organisation',
      'Status',
    ]);
    expect(header).toContain('Email');
    expect(rows.map((row) => row['Lead ID'])).toEqual([String(first.id), String(last.id)]);
    expect(rows[0]).toMatchObject({
      Received: '2020-03-09T13:00:00Z',
      'Project ID': String(projectId),
      Project: 'Edge Residences',
      Organisation: 'Edge Developments',
      Name: `'=HYPERLINK("http://x","y")`,
    });
    expect(rows[1]).toMatchObject({
      Received: '2020-03-10T12:59:59Z',
      Status: 'Lost',
      Email: 'last@example.test',
      // A leading + is neutralised too (csvCell): a spreadsheet shows the number as text.
      Phone: `'+61400000001`,
      Message: `'@SUM(A1:A9) <b>hi</b>`,
      'Lost reason': `'-bought elsewhere`,
    });
  });

  it('leaves either end of the range open', async () => {
    const { rows } = await exported('leads', { from: '2020-03-10' });
    expect(rows.map((row) => row.Received)).toEqual([
      '2020-03-09T13:00:00Z',
      '2020-03-10T12:59:59Z',
      '2020-03-10T13:00:00Z',
      expect.stringMatching(/^20\d\d-/),
    ]);
    const until = await exported('leads', { to: '2020-03-09' });
    expect(until.rows.map((row) => row.Received)).toEqual(['2020-03-09T12:59:59Z']);
  });
});

describe('/api/exports: feedback', () => {
  it('writes buyer feedback and portal feedback received that day', async () => {
    const lead = await l.lead({ projectId, createdAt: JUST_BEFORE });
    const other = await l.lead({ projectId, createdAt: JUST_BEFORE });
    await t.db.insert(buyerFeedback).values([
      {
        leadId: lead.id,
        projectId,
        agentId: owner.id,
        buyerType: 'INVESTOR',
        projectRating: 4,
        agentRating: 5,
        comment: '+61 400 000 000 called me back',
        createdAt: FIRST_INSTANT,
      },
      { leadId: other.id, projectId, buyerType: 'INVESTOR', projectRating: 1, createdAt: DAY_AFTER },
    ]);
    const buyers = await exported('buyer-feedback');
    expect(buyers.rows).toEqual([
      expect.objectContaining({
        'Lead ID': String(lead.id),
        Project: 'Edge Residences',
        Organisation: 'Edge Developments',
        Agent: 'Owner Olsen',
        'Agent email': owner.email,
        'Buyer type': 'Investor',
        'Project rating': '4',
        'Agent rating': '5',
        Comment: `'+61 400 000 000 called me back`,
        Received: '2020-03-09T13:00:00Z',
      }),
    ]);
    await t.db.insert(feedback).values([
      {
        id: 'fb-inside',
        userId: owner.id,
        email: owner.email,
        tenant: 'offplan',
        category: 'bug',
        message: 'The map is blank',
        page: '/dashboard',
        createdAt: LAST_INSTANT,
      },
      {
        id: 'fb-outside',
        email: 'x@example.test',
        tenant: 'ibn',
        category: 'idea',
        message: 'x',
        createdAt: DAY_AFTER,
      },
    ]);
    const portal = await exported('portal-feedback');
    expect(portal.header).toEqual([
      'Feedback ID',
      'Received',
      'Email',
      'User',
      'User ID',
      'Tenant',
      'Category',
      'Page',
      'Message',
    ]);
    expect(portal.rows).toEqual([
      expect.objectContaining({
        'Feedback ID': 'fb-inside',
        User: 'Owner Olsen',
        Category: FEEDBACK_CATEGORY_LABELS.bug,
        Message: 'The map is blank',
      }),
    ]);
  });
});

/** Many leads on one day, written by SQL (one buyer). */
async function bulkLeads(rows: number) {
  const [buyer] = await t.db
    .insert(leadBuyers)
    .values({ id: 'bulk-buyer', email: 'bulk@example.test' })
    .returning({ id: leadBuyers.id });
  await t.db.execute(sql`insert into leads (project_id, buyer_id, name, email, phone, buyer_type, consent_at, created_at)
    select ${projectId}, ${buyer!.id}, 'Bulk ' || g, 'bulk' || g || '@example.test', '+61400000000',
      'INVESTOR', now(), '2019-06-03T01:00:00Z'::timestamptz + g * interval '1 second'
    from generate_series(1, ${rows}) as g`);
}

/** The state of the connection running an export's query (PostgreSQL), if one is. */
async function exportConnections() {
  const result = (await t.db.execute(
    sql`select state from pg_stat_activity where query like '%"__at"%' and pid <> pg_backend_pid()`,
  )) as unknown as { rows: { state: string }[] };
  return result.rows.map((row) => row.state);
}

describe('/api/exports: streaming', () => {
  beforeAll(async () => {
    await bulkLeads(BULK_ROWS);
    await t.db.delete(auditLog).where(eq(auditLog.action, EXPORT_AUDIT_ACTION));
  });

  it('sends a batch at a time as the client reads, and audits the finished export', async () => {
    const response = await t.request(exportUrl('leads', BULK_DAY), { cookie: admin.cookie });
    expect(response.headers.get(EXPORT_ROWS_HEADER)).toBe(String(BULK_ROWS));
    const reader = response.body!.getReader();
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    const header = decoder.decode((await reader.read()).value);
    expect(header.startsWith('\uFEFF"Lead ID","Received"')).toBe(true);
    const first = decoder.decode((await reader.read()).value);
    expect(first.split('\r\n').filter(Boolean)).toHaveLength(EXPORT_BATCH_SIZE);
    // The query is still open, waiting for the client: nothing is audited yet.
    expect(await exportAudits()).toEqual([]);
    // On PostgreSQL the cursor's portal is open on its connection, suspended until the client reads on.
    if (t.database.kind === 'postgres') expect(await exportConnections()).toEqual(['active']);
    let lines = EXPORT_BATCH_SIZE;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      lines += decoder.decode(value).split('\r\n').filter(Boolean).length;
    }
    expect(lines).toBe(BULK_ROWS);
    const [entry] = await exportAudits();
    expect(entry).toMatchObject({
      actorUserId: admin.id,
      targetType: 'export',
      targetId: 'leads',
      data: { dataset: 'leads', ...BULK_DAY, rows: BULK_ROWS, expectedRows: BULK_ROWS, outcome: 'finished' },
    });
  });

  it('stops the query when the client goes away, and audits the rows sent as aborted', async () => {
    await t.db.delete(auditLog).where(eq(auditLog.action, EXPORT_AUDIT_ACTION));
    const response = await t.request(exportUrl('leads', BULK_DAY), { cookie: admin.cookie });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    const [entry] = await exportAudits();
    expect(entry!.data).toMatchObject({ dataset: 'leads', outcome: 'aborted', expectedRows: BULK_ROWS });
    expect((entry!.data as { rows: number }).rows).toBeLessThan(BULK_ROWS);
    if (t.database.kind === 'postgres')
      expect(await exportConnections()).not.toContain('idle in transaction');
  });

  it('lists recent exports, newest first, with who, what and how it ended', async () => {
    const response = await t.request(EXPORT_API_PATHS.exportsRecent, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const { items } = recentExportsSchema.parse(await response.json());
    expect(items[0]).toMatchObject({
      actorEmail: admin.email,
      dataset: 'leads',
      from: BULK_DAY.from,
      to: BULK_DAY.to,
      outcome: 'aborted',
      expectedRows: BULK_ROWS,
    });
  });

  it('counts the rows an export would write', async () => {
    const response = await t.client.api.exports[':dataset'].count.$get(
      { param: { dataset: 'leads' }, query: BULK_DAY },
      { headers: { cookie: admin.cookie } },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ dataset: 'leads', rows: BULK_ROWS });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, EXPORT_AUDIT_ACTION), eq(auditLog.targetId, 'leads')));
    expect(audited).toHaveLength(1);
  });
});

describe('exportCsvStream', () => {
  it('reads through a server-side cursor on PostgreSQL and keyset pages on PGlite', async () => {
    const source = await openExport(t.database, 'leads', BULK_DAY, { seesContacts: true, batchSize: 100 });
    expect(source.reader).toBe(t.database.kind === 'postgres' ? 'cursor' : 'keyset');
    expect(source.expectedRows).toBe(BULK_ROWS);
    expect(await source.next()).toHaveLength(100);
    await source.close();
    expect(await source.next()).toEqual([]);
  });

  it('ends an export whose client stopped reading, as aborted, and closes its query', async () => {
    let closed = false;
    const ends: [string, number][] = [];
    const source = {
      expectedRows: 1000,
      reader: 'keyset' as const,
      next: async () => [{ id: 1 }, { id: 2 }],
      close: async () => {
        closed = true;
      },
    };
    const stream = exportCsvStream(
      source,
      [['ID', (row) => row.id]],
      async (outcome, rows) => {
        ends.push([outcome, rows]);
      },
      30,
    );
    const reader = stream.getReader();
    await reader.read();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ends).toEqual([['aborted', 4]]);
    expect(closed).toBe(true);
    await expect(reader.read()).rejects.toThrow(/stalled/);
  });
});

describe('/api/exports: concurrency', () => {
  it(`answers 429 while ${EXPORT_MAX_CONCURRENT} exports are streaming, and takes the next once one ends`, async () => {
    const open = [];
    for (let i = 0; i < EXPORT_MAX_CONCURRENT; i++) {
      const response = await t.request(exportUrl('leads', BULK_DAY), { cookie: admin.cookie });
      expect(response.status).toBe(200);
      open.push(response.body!.getReader());
    }
    const refused = await t.request(exportUrl('users'), { cookie: admin.cookie });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(EXPORT_MESSAGES.busy);
    await open.pop()!.cancel();
    const next = await t.request(exportUrl('users'), { cookie: admin.cookie });
    expect(next.status).toBe(200);
    await next.arrayBuffer();
    for (const reader of open) await reader.cancel();
  });
});
