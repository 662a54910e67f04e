import { EMAIL_TEMPLATE_DEFAULTS, EMAIL_TEMPLATE_NAMES } from '@offplan/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  emailTemplateOverrides,
  outboxMessages,
  projectLeadRecipients,
  tenants,
} from '../../db/schema/index.ts';
import { tenantBranding } from '../../lib/branding.ts';
import { emailTemplates } from '../../lib/message-templates.ts';
import { cookiesOf } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { leadEmails } from '../leads/lead-emails.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';

let t: TestApp;
let f: ReturnType<typeof projectFixtures>;
type Person = Awaited<ReturnType<ReturnType<typeof projectFixtures>['person']>>;
let admin: Person;
let owner: Person;
let member: Person;
let actingCookie: string;
let projectId: number;

const BASE = '/api/email-settings';
const call = (cookie: string | undefined, path: string, init: { method?: string; json?: unknown } = {}) =>
  t.request(`${BASE}${path}`, { ...init, ...(cookie ? { cookie } : {}) });
const asAdmin = (path: string, init: { method?: string; json?: unknown } = {}) =>
  call(admin.cookie, path, init);

// biome-ignore lint/suspicious/noExplicitAny: the answers' shapes are the assertions themselves.
type Answer = any;
const read = (response: Response): Promise<Answer> => response.json();
const overrides = () => t.db.select().from(emailTemplateOverrides);
const auditsOf = (action: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.at));
const branding = (tenant: 'offplan' | 'ibn' = 'offplan') =>
  tenantBranding(
    {
      db: t.db,
      productName: t.settings.productName,
      baseUrl: t.settings.baseUrl,
      emailFrom: t.settings.emailFrom,
    },
    tenant,
  );

const NEW_LEAD = {
  subject: 'Fresh enquiry for {{projectTitle}} from {{leadName}}',
  body: '<h1>{{leadName}} wants {{projectTitle}}</h1>\n<p>Call them <strong>today</strong>.</p>\n{{details}}\n{{button}}',
};

beforeAll(async () => {
  t = await createTestApp();
  f = projectFixtures(t);
  const org = await f.organisation('Mail Developments');
  admin = await f.person({ admin: true });
  owner = await f.person({ organisationId: org, role: 'owner' });
  member = await f.person({ organisationId: org, role: 'member' });
  projectId = await f.project('Mail Point', { organisationId: org });
  const acting = await t.request('/api/auth/impersonation/start', {
    method: 'POST',
    cookie: admin.cookie,
    json: { userId: member.id },
  });
  actingCookie = cookiesOf(acting);
  // The impersonation replaced the admin's session: sign in again.
  admin = { ...admin, cookie: await t.signIn(admin.email) };
});
afterAll(() => t.close());

describe('/api/email-settings: who may call', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/senders'],
    ['PUT', '/senders/offplan', { name: 'X', address: 'x@example.com' }],
    ['GET', '/projects'],
    ['GET', '/projects/1/lead-recipients'],
    ['PUT', '/projects/1/lead-recipients', { emails: [] }],
    ['GET', '/templates'],
    ['GET', '/templates/lead-new'],
    ['PUT', '/templates/lead-new', NEW_LEAD],
    ['DELETE', '/templates/lead-new'],
    ['POST', '/templates/lead-new/preview', NEW_LEAD],
    ['POST', '/templates/lead-new/test', NEW_LEAD],
  ];

  it('answers 401 without a session, 403 to an owner and to an admin acting as a user; nothing changes', async () => {
    for (const [method, path, json] of routes) {
      const init = { method, ...(json ? { json } : {}) };
      expect((await call(undefined, path, init)).status, `${method} ${path}`).toBe(401);
      expect((await call(owner.cookie, path, init)).status, `${method} ${path}`).toBe(403);
      expect((await call(actingCookie, path, init)).status, `${method} ${path} acting`).toBe(403);
    }
    expect(await overrides()).toEqual([]);
    const [row] = await t.db.select().from(tenants).where(eq(tenants.id, 'offplan'));
    expect(row?.emailFrom ?? null).toBeNull();
  });
});

describe('/api/email-settings/senders', () => {
  it('sets a tenant sender, shows the effective From, and audits it', async () => {
    const before = await read(await asAdmin('/senders'));
    expect(before.senders.map((s: { tenant: string }) => s.tenant)).toEqual(['offplan', 'ibn']);
    expect(before.senders[1].effectiveFrom).toContain(
      `<${/<(.+)>/.exec(t.settings.emailFrom)?.[1] ?? t.settings.emailFrom}>`,
    );

    const saved = await asAdmin('/senders/ibn', {
      method: 'PUT',
      json: { name: 'IBN Leads', address: 'Leads@IBN.example' },
    });
    expect(saved.status).toBe(200);
    expect(await read(saved)).toMatchObject({
      tenant: 'ibn',
      name: 'IBN Leads',
      address: 'leads@ibn.example',
      effectiveFrom: 'IBN Leads <leads@ibn.example>',
    });
    expect((await branding('ibn')).sender).toBe('IBN Leads <leads@ibn.example>');
    const [audit] = await auditsOf('email_settings.sender');
    expect(audit).toMatchObject({ targetId: 'ibn', actorUserId: admin.id });

    const cleared = await asAdmin('/senders/ibn', { method: 'PUT', json: { name: '', address: '' } });
    expect((await read(cleared)).name).toBe('');
    const [row] = await t.db.select().from(tenants).where(eq(tenants.id, 'ibn'));
    expect(row?.emailFrom).toBeNull();
  });

  it('refuses an invalid address with the field named, and changes nothing', async () => {
    await asAdmin('/senders/offplan', {
      method: 'PUT',
      json: { name: 'Offplan', address: 'hello@offplan.example' },
    });
    const refused = await asAdmin('/senders/offplan', {
      method: 'PUT',
      json: { name: 'Offplan', address: 'not-an-address' },
    });
    expect(refused.status).toBe(400);
    expect((await read(refused)).error.fields).toHaveProperty('address');
    const unknown = await asAdmin('/senders/acme', { method: 'PUT', json: { name: 'A', address: '' } });
    expect(unknown.status).toBe(400);
    expect((await branding()).sender).toBe('Offplan <hello@offplan.example>');
    await asAdmin('/senders/offplan', { method: 'PUT', json: { name: '', address: '' } });
  });
});

describe('/api/email-settings/projects lead recipients', () => {
  it('finds projects, lists the defaults when empty, saves a list (audited) and refuses a bad address', async () => {
    const found = await read(await asAdmin('/projects?q=mail%20po'));
    expect(found.projects).toEqual([
      { id: projectId, title: 'Mail Point', organisationName: 'Mail Developments', recipients: 0 },
    ]);
    const empty = await read(await asAdmin(`/projects/${projectId}/lead-recipients`));
    expect(empty).toEqual({ emails: [], defaults: [owner.email.toLowerCase()] });

    const saved = await asAdmin(`/projects/${projectId}/lead-recipients`, {
      method: 'PUT',
      json: { emails: ['Sales@Mail.example', 'sales@mail.example'] },
    });
    expect((await read(saved)).emails).toEqual(['sales@mail.example']);
    const [audit] = await auditsOf('project.lead_recipients');
    expect(audit).toMatchObject({ targetId: String(projectId), actorUserId: admin.id });

    const refused = await asAdmin(`/projects/${projectId}/lead-recipients`, {
      method: 'PUT',
      json: { emails: ['nope'] },
    });
    expect(refused.status).toBe(400);
    expect((await read(refused)).error.fields).toHaveProperty('emails.0');
    const rows = await t.db
      .select()
      .from(projectLeadRecipients)
      .where(eq(projectLeadRecipients.projectId, projectId));
    expect(rows.map((row) => row.email)).toEqual(['sales@mail.example']);
    expect((await asAdmin('/projects/999999/lead-recipients')).status).toBe(404);
  });
});

describe('/api/email-settings/templates: reading and previewing', () => {
  it('lists the seven templates, reads one with its variables, and 404s an unknown name', async () => {
    const list = await read(await asAdmin('/templates'));
    expect(list.templates.map((row: { name: string }) => row.name)).toEqual([...EMAIL_TEMPLATE_NAMES]);
    const one = await read(await asAdmin('/templates/lead-new?tenant=ibn'));
    expect(one).toMatchObject({ customised: false, subject: EMAIL_TEMPLATE_DEFAULTS['lead-new'].subject });
    expect(one.variables.map((v: { name: string }) => v.name)).toContain('leadName');
    expect((await asAdmin('/templates/no-such')).status).toBe(404);
    expect((await asAdmin('/templates/no-such', { method: 'PUT', json: NEW_LEAD })).status).toBe(404);
  });

  it("previews with the sample values in the tenant's branded layout", async () => {
    const response = await asAdmin('/templates/lead-new/preview?tenant=ibn', {
      method: 'POST',
      json: NEW_LEAD,
    });
    expect(response.status).toBe(200);
    const preview = await read(response);
    expect(preview.subject).toBe('Fresh enquiry for Quay Residences from Nina Nguyen');
    expect(preview.html).toContain('Nina Nguyen wants Quay Residences</h1>');
    expect(preview.html).toContain('Email: nina@buyers.example');
    expect(preview.html).toContain('Open lead</a>');
    expect(preview.html).toContain((await branding('ibn')).logoUrl);
    expect(preview.text).toContain('Call them today.');
    expect(await overrides()).toEqual([]);
  });
});

describe('/api/email-settings/templates: refusals', () => {
  const refusal = async (json: { subject: string; body: string }) => {
    const response = await asAdmin('/templates/lead-new', { method: 'PUT', json });
    return { status: response.status, body: await read(response) };
  };

  it('refuses an unknown variable, naming it and the field, and saves nothing', async () => {
    const unknown = await refusal({ ...NEW_LEAD, body: '<p>Hi {{buyerPhone}}</p>' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fields.body).toMatch(/Unknown variable \{\{buyerPhone\}\}/);
    const inSubject = await refusal({ ...NEW_LEAD, subject: 'Hi {{nope}}' });
    expect(inSubject.body.error.fields.subject).toMatch(/\{\{nope\}\}/);
    expect((await refusal({ ...NEW_LEAD, subject: 'Lead {{details}}' })).body.error.fields.subject).toMatch(
      /block/,
    );
    expect(await overrides()).toEqual([]);
  });

  it('refuses helpers, blocks, raw output and what sanitising would change, naming the element', async () => {
    const cases: [string, RegExp][] = [
      ['<p>{{#if leadName}}x{{/if}}</p>', /Only variables/],
      ['<p>{{{leadName}}}</p>', /\{\{\{leadName\}\}\} is not allowed/],
      ['<p>{{lookup leadName}}</p>', /Only variables/],
      ['<p>{{leadName.length}}</p>', /Only variables/],
      ['<p>Hi</p><script>alert(1)</script>', /<script> is not allowed/],
      ['<p onclick="x()">Hi</p>', /onclick on <p>/],
      ['<p style="color:red">Hi</p>', /style on <p>/],
      ['<a href="javascript:alert(1)">x</a>', /javascript: on <a>/],
      ['<img src="x">', /<img> is not allowed/],
      ['<p>{{leadName</p>', /cannot be read/],
    ];
    for (const [body, reason] of cases) {
      const answer = await refusal({ ...NEW_LEAD, body });
      expect(answer.status, body).toBe(422);
      expect(answer.body.error.fields.body, body).toMatch(reason);
    }
    expect(await overrides()).toEqual([]);
  });
});

describe('/api/email-settings/templates: saving, testing and resetting', () => {
  it('saves an edit (audited) that the next real email uses, with the values escaped', async () => {
    const saved = await asAdmin('/templates/lead-new', { method: 'PUT', json: NEW_LEAD });
    expect(saved.status).toBe(200);
    expect(await read(saved)).toMatchObject({ customised: true, subject: NEW_LEAD.subject });
    const [audit] = await auditsOf('email_settings.template_save');
    expect(audit).toMatchObject({ targetId: 'offplan:lead-new', actorUserId: admin.id });

    const lead = {
      id: 1,
      name: '<b>Eve</b>',
      email: 'eve@buyers.test',
      phone: '+61400000000',
      postcode: null,
      buyerType: 'INVESTOR',
      budget: null,
      bedrooms: null,
      configuration: null,
      timeframe: null,
      financeStatus: null,
      message: null,
      source: 'WEBSITE',
      utmSource: null,
      utmCampaign: null,
      campaignId: null,
      score: 10,
      scoreContributions: [],
    };
    const email = leadEmails.newLead(await branding(), {
      lead,
      projectTitle: 'Mail Point',
      url: 'https://x.test/l',
      masked: false,
    });
    expect(email.subject).toBe('Fresh enquiry for Mail Point from <b>Eve</b>');
    expect(email.html).toContain('&lt;b&gt;Eve&lt;/b&gt; wants Mail Point</h1>');
    expect(email.text).toContain('Email: eve@buyers.test');
    // The other tenant still sends the default.
    const ibn = leadEmails.newLead(await branding('ibn'), {
      lead,
      projectTitle: 'Mail Point',
      url: 'https://x.test/l',
      masked: false,
    });
    expect(ibn.subject).toBe('New enquiry: Mail Point — <b>Eve</b>');
  });

  it('sends a test to the caller through the outbox, marked as a test', async () => {
    const response = await asAdmin('/templates/lead-new/test', { method: 'POST', json: NEW_LEAD });
    expect(response.status).toBe(200);
    const { to, messageId } = await read(response);
    expect(to).toBe(admin.email);
    const [row] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, messageId));
    expect(row).toMatchObject({
      to: admin.email,
      template: 'test:lead-new',
      subject: '[Test] Fresh enquiry for Quay Residences from Nina Nguyen',
    });
  });

  it('resets to the default (audited); the real email goes back to its words', async () => {
    const reset = await asAdmin('/templates/lead-new', { method: 'DELETE' });
    expect(await read(reset)).toMatchObject({
      customised: false,
      body: EMAIL_TEMPLATE_DEFAULTS['lead-new'].body,
    });
    expect(await auditsOf('email_settings.template_reset')).toHaveLength(1);
    const rows = await t.db
      .select()
      .from(emailTemplateOverrides)
      .where(and(eq(emailTemplateOverrides.tenant, 'offplan')));
    expect(rows).toEqual([]);
    const email = emailTemplates.resetPassword(await branding(), 'Nina', 'https://x.test/r');
    expect(email.subject).toBe('Reset your Offplan Portal password');
  });
});

describe('default templates', () => {
  it('say what the emails said before they were editable', async () => {
    const brand = await branding();
    const verify = emailTemplates.verifyEmail(brand, 'Nina', 'https://x.test/v?token=a&b');
    expect(verify.subject).toBe(`Verify your email for ${brand.siteName}`);
    expect(verify.text).toContain(
      'Confirm your email address\n\nHi Nina,\nPlease confirm this is your email address',
    );
    expect(verify.text).toContain('Verify email: https://x.test/v?token=a&b');
    expect(verify.html).toContain('href="https://x.test/v?token=a&amp;b"');
    const invite = emailTemplates.invitation(brand, 'Nina', 'Oscar', null, 'https://x.test/a');
    expect(invite.text).toContain(`Join ${brand.siteName}`);
    expect(invite.text).toContain(`Oscar invited you to ${brand.siteName}: listings`);
    const digest = leadEmails.digest(brand, {
      dayLabel: 'Monday',
      total: 3,
      items: [
        { projectTitle: 'P', name: 'N', email: 'e@x.test', phone: '1', buyerType: 'INVESTOR', score: 5 },
      ],
      url: 'https://x.test/leads',
    });
    expect(digest.subject).toBe('Your leads digest for Monday: 3 new leads');
    expect(digest.text).toContain('P: N (Investor), score 5, e@x.test, 1\nAnd 2 more on the leads page.');
  });
});
