import { randomUUID } from 'node:crypto';
import type { Tenant } from '@offplan/shared';
import type { Db } from '../db/client.ts';
import { outboxMessages } from '../db/schema/index.ts';
import type { JobQueue } from '../jobs/queue.ts';

export const DELIVER_OUTBOX_JOB = 'deliver-outbox';

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
    }
  | { channel: 'sms' }
);

export type Outbox = { send(message: NewMessage): Promise<string> };

/**
 * Writes the message to the outbox table, then asks the queue to deliver it. The row is the record
 * of what was sent (and the dev mailbox); delivery retries with backoff when SMTP fails.
 */
/** SMTP outages are retried with backoff: 30 s, 1 min, 2 min, … for about two hours. */
export const OUTBOX_RETRY = { retryLimit: 8, retryDelay: 30, retryBackoff: true };

export function createOutbox(db: Db, queue: JobQueue, retry = OUTBOX_RETRY): Outbox {
  return {
    async send(message) {
      const id = randomUUID();
      await db.insert(outboxMessages).values({
        id,
        channel: message.channel,
        to: message.to,
        subject: message.channel === 'email' ? message.subject : null,
        html: message.channel === 'email' ? message.html : null,
        sender: message.channel === 'email' ? (message.sender ?? null) : null,
        text: message.text,
        template: message.template,
        tenant: message.tenant,
      });
      await queue.send(DELIVER_OUTBOX_JOB, { id }, retry);
      return id;
    },
  };
}
