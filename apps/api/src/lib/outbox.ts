import { randomUUID } from 'node:crypto';
import type { Tenant } from '@offplan/shared';
import type { Db } from '../db/client.ts';
import { outboxMessages } from '../db/schema/index.ts';
import { type JobQueue, jobsInTransaction } from '../jobs/queue.ts';

export const DELIVER_OUTBOX_JOB = 'deliver-outbox';

export type OutboxAttachment = { filename: string; contentType: string; content: string };

type NewMessage = {
  to: string;
  template: string;
  tenant: Tenant;
  text: string;
} & (
  | {
      channel: 'email';
      subject: string;
      html: string;
      /** The From (the tenant row's, lib/branding.ts); without it, delivery uses EMAIL_FROM. */
      sender?: string;
      /** Files sent with the email, as text (a CRM email's lead JSON, decision 029). */
      attachments?: OutboxAttachment[];
    }
  | { channel: 'sms' }
);

export type OutboxSendOptions = {
  /**
   * A Drizzle transaction: the row and its delivery job commit or roll back with it (a lead's
   * notifications are written with the lead's `notified_at`, issue 16). Without it, each is its own write.
   */
  tx?: Db;
  /**
   * The row's id when the caller makes it from what the message is about (a user's digest of one day):
   * a second send with the same id writes nothing and sends nothing, so a retried job cannot send twice.
   */
  id?: string;
};

export type Outbox = { send(message: NewMessage, options?: OutboxSendOptions): Promise<string> };

/** SMTP outages are retried with backoff: 30 s, 1 min, 2 min, … for about two hours. */
export const OUTBOX_RETRY = { retryLimit: 8, retryDelay: 30, retryBackoff: true };

/**
 * Writes the message to the outbox table, then asks the queue to deliver it. The row is the record
 * of what was sent (and the dev mailbox); delivery retries with backoff when SMTP fails. Inside a
 * transaction the delivery job is sent on the transaction's connection (jobs/queue.ts
 * `jobsInTransaction`; the queue must have been prepared with `prepareQueues`).
 */
export function createOutbox(db: Db, queue: JobQueue, retry = OUTBOX_RETRY): Outbox {
  return {
    async send(message, options = {}) {
      const id = options.id ?? randomUUID();
      const writer = options.tx ?? db;
      const written = await writer
        .insert(outboxMessages)
        .values({
          id,
          channel: message.channel,
          to: message.to,
          subject: message.channel === 'email' ? message.subject : null,
          html: message.channel === 'email' ? message.html : null,
          sender: message.channel === 'email' ? (message.sender ?? null) : null,
          attachments: message.channel === 'email' ? (message.attachments ?? null) : null,
          text: message.text,
          template: message.template,
          tenant: message.tenant,
        })
        .onConflictDoNothing({ target: outboxMessages.id })
        .returning({ id: outboxMessages.id });
      if (written.length === 0) return id;
      await queue.send(
        DELIVER_OUTBOX_JOB,
        { id },
        options.tx ? { ...retry, ...jobsInTransaction(options.tx) } : retry,
      );
      return id;
    },
  };
}
