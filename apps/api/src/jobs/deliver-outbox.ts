import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { outboxMessages } from '../db/schema/index.ts';
import type { Logger } from '../lib/logger.ts';
import { DELIVER_OUTBOX_JOB } from '../lib/outbox.ts';
import { type JobQueue, workEach } from './queue.ts';

type DeliveryOptions = { db: Db; logger: Logger; smtpUrl: string | undefined; emailFrom: string };

/**
 * Delivers outbox messages: email by SMTP when SMTP_URL is set; otherwise (and for SMS, until a
 * provider is configured) the message stays in the outbox, marked `stored`. A failure is recorded on
 * the row and thrown so pg-boss retries it with backoff.
 */
export async function workOutboxDelivery(queue: JobQueue, options: DeliveryOptions) {
  // nodemailer is loaded only when there is an SMTP server to send to (issue 21: not at every start).
  const transport = options.smtpUrl
    ? (await import('nodemailer')).default.createTransport(options.smtpUrl)
    : null;
  await queue.createQueue(DELIVER_OUTBOX_JOB);
  await workEach<{ id: string }>(queue, DELIVER_OUTBOX_JOB, (data) => deliver(data.id));

  async function deliver(id: string) {
    const [message] = await options.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    if (!message || message.status === 'sent' || message.status === 'stored') return;
    const attempt = { attempts: sql`${outboxMessages.attempts} + 1` };
    if (message.channel !== 'email' || !transport) {
      await options.db
        .update(outboxMessages)
        .set({ ...attempt, status: 'stored', sentAt: new Date() })
        .where(eq(outboxMessages.id, message.id));
      return;
    }
    try {
      await transport.sendMail({
        from: message.sender ?? options.emailFrom,
        to: message.to,
        subject: message.subject ?? '',
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
        headers: { 'X-Outbox-Id': message.id },
      });
      await options.db
        .update(outboxMessages)
        .set({ ...attempt, status: 'sent', sentAt: new Date(), lastError: null })
        .where(eq(outboxMessages.id, message.id));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await options.db
        .update(outboxMessages)
        .set({ ...attempt, status: 'failed', lastError: reason.slice(0, 1000) })
        .where(eq(outboxMessages.id, message.id));
      options.logger.warn({ err: error, outboxId: message.id }, 'email delivery failed; retrying');
      throw error;
    }
  }
}
