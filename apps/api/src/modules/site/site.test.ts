import { ERROR_CODES, MESSAGES, SITE_SETTINGS_CACHE_MS } from '@offplan/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outboxMessages, siteSettings, tenants } from '../../db/schema/index.ts';
import { signIn } from '../../test/sessions.ts';
import { buildApp, createTestApp, TEST_BASE_URL, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: { id: string; email: string };
let member: { id: string; email: string };
let adminCookie: string;
let memberCookie: string;

beforeAll(async () => {
  t = await createTestApp({
    TENANT_HOSTS: 'ibn.localhost=ibn, leads.example.com=ibn',
    CONTACT_URL: 'https://contact.example.com/portal-help',
  });
  admin = await t.createUser({ role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  member = await t.createUser({ firstName: 'Mia', lastName: 'Member' });
  adminCookie = await t.signIn(admin.email);
  memberCookie = await t.signIn(member.email);
});
afterAll(() => t.close());

const setMaintenance = (on: boolean, cookie = adminCookie) =>
  t.request('/api/site/settings', { method: 'PUT', cookie, json: { maintenanceMode: on } });

/** The cache of this process is at most SITE_SETTINGS_CACHE_MS old: wait it out. */
const waitForCaches = () => new Promise((resolve) => setTimeout(resolve, SITE_SETTINGS_CACHE_MS + 100));

describe('GET /api/site: tenant by host name', () => {
  it('answers the Offplan tenant for any host not in TENANT_HOSTS', async () => {
    const response = await t.client.api.site.$get();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      tenant: 'offplan',
      tenantDisplayName: 'Offplan',
      siteName: 'Offplan Portal',
      portalType: 'OffplanCPS',
      defaultCampaignType: 'CPS',
      logoUrl: '/brand/offplan-logo.svg',
      contactUrl: 'https://contact.example.com/portal-help',
      maintenanceMode: false,
    });
  });

  it('answers IBN Lead Gen for the Host header ibn.localhost (with a port) and its own logos', async () => {
    const response = await t.request('/api/site', { headers: { host: 'ibn.localhost:3000' } });
    const site = (await response.json()) as { partnerLogos: { src: string }[] } & Record<string, unknown>;
    expect(site).toMatchObject({
      tenant: 'ibn',
      siteName: 'IBN Lead Gen',
      defaultCampaignType: 'CPL',
      primaryColor: 'teal',
      logoUrl: '/brand/ibn-logo.svg',
    });
    expect(site.partnerLogos).toHaveLength(4);
    expect(site.partnerLogos.every((logo) => logo.src.startsWith('/partners/ibn/'))).toBe(true);
    const other = await t.request('/api/site', { headers: { host: 'LEADS.example.com' } });
    expect(((await other.json()) as { tenant: string }).tenant).toBe('ibn');
  });

  it('answers the default tenant, not 500, for a spoofed Host naming an object property (review R2)', async () => {
    for (const host of ['constructor', '__proto__', 'toString']) {
      const response = await t.request('/api/site', { headers: { host } });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { tenant: string }).tenant).toBe('offplan');
    }
  });

  it('keeps both tenants in the tenants table', async () => {
    const rows = await t.db.select({ id: tenants.id, siteName: tenants.siteName }).from(tenants);
    expect(rows.map((row) => row.id).sort()).toEqual(['ibn', 'offplan']);
  });

  it('brands emails sent while serving the IBN host as IBN Lead Gen', async () => {
    const response = await t.request('/api/auth/request-password-reset', {
      method: 'POST',
      headers: { host: 'ibn.localhost' },
      json: { email: member.email, redirectTo: '/forgot-password' },
    });
    expect(response.status).toBe(200);
    const [mail] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, member.email))
      .orderBy(outboxMessages.createdAt);
    expect(mail?.tenant).toBe('ibn');
    expect(mail?.subject).toContain('IBN Lead Gen');
  });
});

describe('maintenance switch', () => {
  it('refuses a non-admin (403) and a visitor (401), and writes nothing', async () => {
    expect((await setMaintenance(true, memberCookie)).status).toBe(403);
    const asMember = { headers: { cookie: memberCookie } };
    expect((await t.client.api.site.settings.$get({}, asMember)).status).toBe(403);
    expect((await t.client.api.site.settings.$get()).status).toBe(401);
    expect(await t.db.select().from(siteSettings)).toHaveLength(0);
  });

  it('shows an admin the switches, off until someone turns them on', async () => {
    const response = await t.client.api.site.settings.$get({}, { headers: await signIn(t, admin.email) });
    if (response.status !== 200) throw new Error(`expected 200, got ${response.status}`);
    // Typed from the route's 200 answer: a misspelt field would not compile.
    const settings = await response.json();
    expect(settings.maintenanceMode).toBe(false);
  });

  it('refuses a body that is not a boolean switch (400)', async () => {
    const response = await t.request('/api/site/settings', {
      method: 'PUT',
      cookie: adminCookie,
      json: { maintenanceMode: 'yes' },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(ERROR_CODES.validation);
    expect(await t.db.select().from(siteSettings)).toHaveLength(0);
  });

  it('on: the API answers 503 MAINTENANCE except health, GET /api/site, sign-in and admins; off again', async () => {
    const on = await setMaintenance(true);
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({
      maintenanceMode: true,
      forcedBySetting: false,
      updatedBy: 'Ada Admin',
    });
    try {
      const refused = await t.request('/api/account/sessions', { cookie: memberCookie });
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({
        error: { code: ERROR_CODES.maintenance, message: MESSAGES.maintenance },
      });
      // Anonymous calls and better-auth's other routes are refused too.
      expect((await t.request('/api/feedback', { method: 'POST', json: {} })).status).toBe(503);
      expect((await t.request('/api/auth/sign-up/email', { method: 'POST', json: {} })).status).toBe(503);

      expect((await t.request('/healthz')).status).toBe(200);
      expect((await t.request('/readyz')).status).toBe(200);
      const site = await t.request('/api/site');
      expect(site.status).toBe(200);
      expect(((await site.json()) as { maintenanceMode: boolean }).maintenanceMode).toBe(true);
      expect((await t.request('/api/auth/get-session', { cookie: memberCookie })).status).toBe(200);
      // An admin can still sign in, use the portal and reach the switch.
      const freshAdminCookie = await t.signIn(admin.email);
      expect((await t.request('/api/feedback', { cookie: freshAdminCookie })).status).toBe(200);
      expect((await t.request('/api/site/settings', { cookie: freshAdminCookie })).status).toBe(200);
      // A non-admin may sign in but gets nothing else.
      const memberAgain = await t.signIn(member.email);
      expect((await t.request('/api/site/settings', { cookie: memberAgain })).status).toBe(503);
    } finally {
      const off = await setMaintenance(false);
      expect(off.status).toBe(200);
    }
    expect((await t.request('/api/account/sessions', { cookie: memberCookie })).status).toBe(200);
    const actions = await t.db.select({ action: auditLog.action }).from(auditLog);
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['site.maintenance.on', 'site.maintenance.off']),
    );
  });

  it('takes effect without a restart in another process on the same database within the cache window', async () => {
    // A second app on the same database stands for a second process behind the load balancer.
    const other = await buildApp(t.database, t.settings);
    const otherRequest = (path: string, cookie?: string) =>
      other.app.request(path, {
        headers: {
          origin: TEST_BASE_URL,
          'x-forwarded-for': '203.0.113.7',
          ...(cookie ? { cookie } : {}),
        },
      });
    try {
      // The other process has read (and cached) "off".
      expect((await otherRequest('/api/account/sessions', memberCookie)).status).toBe(200);
      expect((await setMaintenance(true)).status).toBe(200);
      await waitForCaches();
      const refused = await otherRequest('/api/account/sessions', memberCookie);
      expect(refused.status).toBe(503);
      const site = (await (await otherRequest('/api/site')).json()) as { maintenanceMode: boolean };
      expect(site.maintenanceMode).toBe(true);
      expect((await setMaintenance(false)).status).toBe(200);
      await waitForCaches();
      expect((await otherRequest('/api/account/sessions', memberCookie)).status).toBe(200);
    } finally {
      await t.db.update(siteSettings).set({ maintenanceMode: false });
      await other.deps.queue.stop({ graceful: false, timeout: 1000 });
    }
  });
});

describe('MAINTENANCE_MODE setting', () => {
  it('forces maintenance on whatever the switch says', async () => {
    const forced = await createTestApp({ MAINTENANCE_MODE: 'true' });
    try {
      const user = await forced.createUser();
      const cookie = await forced.signIn(user.email);
      expect((await forced.request('/api/account/sessions', { cookie })).status).toBe(503);
      const site = (await (await forced.request('/api/site')).json()) as { maintenanceMode: boolean };
      expect(site.maintenanceMode).toBe(true);
    } finally {
      await forced.close();
    }
  });
});
