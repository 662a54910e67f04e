import type { LeadPayload } from '@offplan/shared';
import { and, eq, like } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, outboxMessages } from '../../db/schema/index.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test/test-app.ts';
import { enquiryFixtures } from '../enquiries/enquiry.fixtures.ts';
import { crmFixtures } from './crm-delivery.fixtures.ts';
import { CRM_EMAIL_TEMPLATE } from './crm-email.ts';
import { runCrmDelivery } from './crm-workers.ts';

/** A local mail server standing in for the provider: keeps every message it is sent. */
function startSmtpStandIn() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
        received.push(data);
        callback();
      });
    },
  });
  return new Promise<{ port: number; received: string[]; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ port, received, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

let t: TestApp;
let e: ReturnType<typeof enquiryFixtures>;
let c: ReturnType<typeof crmFixtures>;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    EMAIL_FROM: 'Offplan Portal <no-reply@offplan.test>',
  });
  e = enquiryFixtures(t);
  c = crmFixtures(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const crmMailsTo = (address: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, address), eq(outboxMessages.template, CRM_EMAIL_TEMPLATE)));

describe('CRM email destination', () => {
  it('writes the lead to the outbox: subject, the fixed Key: Value lines (empty values kept), the JSON attached; SMTP sends the attachment', async () => {
    const listing = await e.listing();
    const inbox = await c.destination(listing.organisationId, {
      kind: 'EMAIL',
      email: 'leads@crm.example.test',
    });
    const fields = e.enquiry({
      name: 'Emma Email',
      postcode: undefined,
      configuration: undefined,
      message: 'Two lines:\nparking, and storage?',
    });
    expect((await e.send(listing.id, fields)).status).toBe(201);
    const [lead] = await t.db.select().from(leads).where(eq(leads.email, fields.email));

    const delivery = await c.settledDelivery(inbox.id, 'DELIVERED');
    expect(delivery).toMatchObject({ leadId: lead!.id, attempts: 1, responseCode: null, error: null });
    const [mail] = await crmMailsTo('leads@crm.example.test');
    expect(mail?.subject).toBe('New lead: Wharf Residences – Emma Email');
    expect(mail?.text.split('\n')).toEqual([
      `Lead ID: ${lead!.id}`,
      'Project: Wharf Residences',
      `Project URL: ${TEST_BASE_URL}${listing.path}`,
      'Name: Emma Email',
      `Email: ${fields.email}`,
      `Phone: ${lead!.phone}`,
      'Postcode:',
      'Buyer type: Investor',
      'Budget: 900000',
      'Bedrooms: 2',
      'Configuration:',
      'Timeframe: Within 3 months',
      'Finance: Finance pre-approved',
      'Message: Two lines: parking, and storage?',
      'Source: listing',
      `Received: ${lead!.createdAt.toISOString()}`,
    ]);
    expect(mail?.attachments).toHaveLength(1);
    const [attachment] = mail!.attachments!;
    expect(attachment).toMatchObject({ filename: `lead-${lead!.id}.json`, contentType: 'application/json' });
    const payload = JSON.parse(attachment!.content) as LeadPayload;
    expect(payload).toMatchObject({
      id: lead!.id,
      test: false,
      buyer: { name: 'Emma Email', email: fields.email, postcode: null },
      message: 'Two lines:\nparking, and storage?',
    });

    // The outbox's own job sends it, attachment and all.
    await expect
      .poll(async () => (await crmMailsTo('leads@crm.example.test'))[0]?.status, {
        timeout: 20_000,
        interval: 200,
      })
      .toBe('sent');
    const sent = smtp.received.find((data) => data.includes(`lead-${lead!.id}.json`));
    expect(sent).toBeDefined();
    expect(sent).toMatch(/Content-Type: application\/json/i);
    expect(sent).toMatch(/Content-Disposition: attachment/i);
  });

  it('a destination routed to another project gets no email; another organisation’s gets none', async () => {
    const listing = await e.listing();
    const otherProject = await e.project('Other Tower', { organisationId: listing.organisationId });
    await c.destination(listing.organisationId, {
      kind: 'EMAIL',
      email: 'routed-elsewhere@crm.example.test',
      projectIds: [otherProject],
    });
    const strangers = await e.listing();
    await c.destination(strangers.organisationId, { kind: 'EMAIL', email: 'strangers@crm.example.test' });
    const here = await c.destination(listing.organisationId, {
      kind: 'EMAIL',
      email: 'here@crm.example.test',
    });
    expect((await e.send(listing.id, e.enquiry())).status).toBe(201);
    await c.settledDelivery(here.id, 'DELIVERED');
    expect(await crmMailsTo('routed-elsewhere@crm.example.test')).toEqual([]);
    expect(await crmMailsTo('strangers@crm.example.test')).toEqual([]);
  });

  it('the same attempt run twice writes one email; a test lead sends the sample', async () => {
    const listing = await e.listing();
    const inbox = await c.destination(listing.organisationId, {
      kind: 'EMAIL',
      email: 'tests@crm.example.test',
    });
    const delivery = await c.delivery(inbox.id, { test: true });
    const deps = c.workerDeps();
    const runs = await Promise.all([
      runCrmDelivery(deps, { deliveryId: delivery.id, attempt: 1 }),
      runCrmDelivery(deps, { deliveryId: delivery.id, attempt: 1 }),
    ]);
    expect(runs.sort()).toEqual(['DELIVERED', 'skipped']);
    expect(await runCrmDelivery(deps, { deliveryId: delivery.id, attempt: 1 })).toBe('skipped');
    const mails = await crmMailsTo('tests@crm.example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('New lead: Wharf Residences – Test Lead');
    expect(mails[0]?.text).toContain('Email: test-lead@example.com');
    expect(mails[0]?.text).toContain('Source: test (test lead)');
    expect(JSON.parse(mails[0]!.attachments![0]!.content)).toMatchObject({ id: 0, test: true });
    expect(await c.attemptsOf(delivery.id)).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(outboxMessages)
        .where(like(outboxMessages.id, `crm-delivery-${delivery.id}-%`)),
    ).toHaveLength(1);
  });
});
