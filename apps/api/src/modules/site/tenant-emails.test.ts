import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, tenants } from '../../db/schema/index.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 22 part 3 (design §8, decision 018): emails take the tenant's name, logo, colour and sender
 * from the `tenants` row of the request's host, the rows GET /api/site serves, and follow an
 * operator's change of that row on the next email.
 */
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({
    TENANT_HOSTS: 'ibn.localhost=ibn',
    EMAIL_FROM: 'Offplan Portal <no-reply@offplan.test>',
    FEEDBACK_EMAIL: 'team@offplan.test',
  });
  cookie = await t.signIn((await t.createUser({ firstName: 'Tia' })).email);
});
afterAll(() => t.close());

/** Asks for a password reset on a host and returns the email it wrote to the outbox (one person each: resets are limited per account). */
async function resetEmail(host?: string) {
  const { email } = await t.createUser();
  const response = await t.request('/api/auth/request-password-reset', {
    method: 'POST',
    json: { email },
    ...(host ? { headers: { host } } : {}),
  });
  expect(response.status).toBe(200);
  const [mail] = await t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, email), eq(outboxMessages.template, 'resetPassword')));
  if (!mail) throw new Error('no reset email in the outbox');
  return mail;
}

async function feedbackEmail(host: string, message: string) {
  const response = await t.request('/api/feedback', {
    method: 'POST',
    cookie,
    json: { category: 'general', message },
    headers: { host },
  });
  expect(response.status).toBe(201);
  const mails = await t.db.select().from(outboxMessages).where(eq(outboxMessages.template, 'feedback'));
  const mail = mails.find((row) => row.text.includes(message));
  if (!mail) throw new Error('no feedback email in the outbox');
  return mail;
}

describe('tenant-branded emails', () => {
  it("brand an email sent through the second tenant's host with its row: name, logo, colour and sender, as the site shows them", async () => {
    const site = (await (await t.request('/api/site', { headers: { host: 'ibn.localhost' } })).json()) as {
      siteName: string;
      logoUrl: string;
    };
    const [row] = await t.db.select().from(tenants).where(eq(tenants.id, 'ibn'));
    expect(site.siteName).toBe(row?.siteName);

    const mail = await resetEmail('ibn.localhost');
    expect(mail.tenant).toBe('ibn');
    expect(mail.subject).toBe(`Reset your ${site.siteName} password`);
    expect(mail.html).toContain(`<img src="${TEST_BASE_URL}${site.logoUrl}"`);
    expect(mail.html).toContain(`color:${row?.primaryHex}`);
    expect(mail.html).toContain(`background:${row?.primaryHex}`);
    expect(mail.sender).toBe(`${site.siteName} <no-reply@offplan.test>`);
    expect(mail.text).toContain(site.siteName);

    const offplan = await resetEmail();
    expect(offplan.tenant).toBe('offplan');
    expect(offplan.subject).toBe('Reset your Offplan Portal password');
    expect(offplan.html).toContain(`<img src="${TEST_BASE_URL}/brand/offplan-logo.svg"`);
    expect(offplan.html).not.toContain(row?.primaryHex);
    expect(offplan.sender).toBe('Offplan Portal <no-reply@offplan.test>');
  });

  it("follows an operator's change of the tenant row on the next email, better-auth's and the API's alike", async () => {
    await t.db
      .update(tenants)
      .set({
        siteName: 'Harbour Leads',
        primaryHex: '#a61e4d',
        logoUrl: '/brand/harbour-leads.svg',
        emailFrom: 'Harbour Leads Team <hello@harbour-leads.test>',
      })
      .where(eq(tenants.id, 'ibn'));

    for (const mail of [
      await resetEmail('ibn.localhost'),
      await feedbackEmail('ibn.localhost', 'Row changed'),
    ]) {
      expect(mail.tenant).toBe('ibn');
      expect(mail.subject).toContain('Harbour Leads');
      expect(mail.html).toContain(`<img src="${TEST_BASE_URL}/brand/harbour-leads.svg"`);
      expect(mail.html).toContain('color:#a61e4d');
      expect(mail.html).not.toContain('IBN Lead Gen');
      expect(mail.sender).toBe('Harbour Leads Team <hello@harbour-leads.test>');
    }
    // The other tenant's emails keep their own row.
    expect((await resetEmail()).sender).toBe('Offplan Portal <no-reply@offplan.test>');
  });
});
