import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../db/schema/index.ts';
import { createOutbox } from '../lib/outbox.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** A local stand-in for the mail provider: refuses the first `failures` messages, then accepts. */
function startSmtpStandIn(failures: number) {
  const received: string[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
        if (refused < failures) {
          refused += 1;
          const error = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
          callback(error);
          return;
        }
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
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;

beforeAll(async () => {
  smtp = await startSmtpStandIn(1);
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    EMAIL_FROM: 'Offplan Portal <no-reply@offplan.test>',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('outbox delivery job', () => {
  it('delivers an email by SMTP once, after retrying an outage, and records the outcome', async () => {
    // Same job and worker as production; only the retry delay is shortened for the test.
    const outbox = createOutbox(t.db, t.queue, { retryLimit: 3, retryDelay: 1, retryBackoff: false });
    const id = await outbox.send({
      channel: 'email',
      to: 'buyer.agent@example.test',
      template: 'verifyEmail',
      tenant: 'offplan',
      subject: 'Verify your email',
      text: 'Open https://portal.example.test/verify?token=abc',
      html: '<p>Open</p>',
    });
    await expect
      .poll(
        async () => (await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]?.status,
        {
          timeout: 20_000,
          interval: 250,
        },
      )
      .toBe('sent');
    const [row] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    expect(row).toMatchObject({ attempts: 2, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain('Subject: Verify your email');
    expect(smtp.received[0]).toContain(`X-Outbox-ID: ${id}`);
  });

  it('keeps SMS in the outbox, marked stored, while no provider is configured', async () => {
    const id = await t.outbox.send({
      channel: 'sms',
      to: '+61412345678',
      template: 'signInCode',
      tenant: 'offplan',
      text: '123456 is your code',
    });
    await expect
      .poll(
        async () => (await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]?.status,
        {
          timeout: 20_000,
          interval: 250,
        },
      )
      .toBe('stored');
    expect(smtp.received.every((message) => !message.includes('123456'))).toBe(true);
  });

  it("sends an email from the sender its row names (the tenant's), else from EMAIL_FROM (issue 22 part 3)", async () => {
    const sent = async (sender: string | undefined, to: string) => {
      const id = await t.outbox.send({
        channel: 'email',
        to,
        template: 'resetPassword',
        tenant: 'ibn',
        subject: 'Reset',
        text: 'Reset',
        html: '<p>Reset</p>',
        ...(sender ? { sender } : {}),
      });
      await expect
        .poll(
          async () => (await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]?.status,
          {
            timeout: 20_000,
            interval: 250,
          },
        )
        .toBe('sent');
      return smtp.received.find((message) => message.includes(`X-Outbox-ID: ${id}`)) ?? '';
    };
    expect(await sent('Harbour Leads Team <hello@harbour-leads.test>', 'a@example.test')).toContain(
      'From: Harbour Leads Team <hello@harbour-leads.test>',
    );
    expect(await sent(undefined, 'b@example.test')).toContain('From: Offplan Portal <no-reply@offplan.test>');
  });
});
