import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CrmDeliveryStatus } from '@offplan/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  crmDeliveries,
  crmDeliveryAttempts,
  crmDestinationProjects,
  crmDestinations,
} from '../../db/schema/index.ts';
import { createLogger } from '../../lib/logger.ts';
import { createMetrics } from '../../lib/metrics.ts';
import type { TestApp } from '../../test/test-app.ts';
import { CRM_JOBS } from './crm-jobs.ts';
import type { CrmWorkerDeps } from './crm-workers.ts';

/**
 * Test data for the CRM delivery tests: destinations written straight to the tables (their CRUD API is
 * tested on its own), a local webhook receiver, and reads of what delivery wrote.
 */

/** A Standard Webhooks secret: `whsec_` + base64 of 24 random bytes (decision 029). */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export type ReceivedWebhook = { path: string; headers: Record<string, string>; body: string };

/**
 * A webhook receiver on 127.0.0.1 (a port of its own): records every request and answers what `answer`
 * says for it (204 by default). `answer` may return a status, or a status and a body.
 */
export async function startReceiver(
  answer: (
    request: ReceivedWebhook,
    count: number,
  ) => number | { status: number; body?: string; location?: string } = () => 204,
) {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry: ReceivedWebhook = {
        path: request.url ?? '',
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([key, value]) => [
            key,
            Array.isArray(value) ? value.join(', ') : (value ?? ''),
          ]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(entry);
      const reply = answer(entry, received.filter((item) => item.path === entry.path).length);
      const { status, body, location } = typeof reply === 'number' ? { status: reply } : reply;
      response.writeHead(status, location ? { location } : {});
      response.end(body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    to: (path: string) => received.filter((entry) => entry.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

export function crmFixtures(t: TestApp) {
  /** A destination of the organisation: for all its projects unless `projectIds` are given. */
  async function destination(
    organisationId: string,
    values: {
      kind?: 'WEBHOOK' | 'EMAIL';
      url?: string;
      email?: string;
      projectIds?: number[];
      enabled?: boolean;
      previousSecret?: string;
      previousSecretExpiresAt?: Date;
    } = {},
  ) {
    const kind = values.kind ?? 'WEBHOOK';
    const secret = kind === 'WEBHOOK' ? newWebhookSecret() : null;
    const [row] = await t.db
      .insert(crmDestinations)
      .values({
        organisationId,
        name: kind === 'WEBHOOK' ? 'Test CRM webhook' : 'Test CRM inbox',
        kind,
        url: values.url ?? null,
        email: values.email ?? null,
        allProjects: !values.projectIds,
        enabled: values.enabled ?? true,
        secret,
        previousSecret: values.previousSecret ?? null,
        previousSecretExpiresAt: values.previousSecretExpiresAt ?? null,
      })
      .returning({ id: crmDestinations.id });
    for (const projectId of values.projectIds ?? []) {
      await t.db.insert(crmDestinationProjects).values({ destinationId: row!.id, projectId });
    }
    return { id: row!.id, secret: secret ?? '' };
  }

  /** A delivery row without its job, for tests that run the job's handler themselves. */
  async function delivery(destinationId: number, values: { leadId?: number; test?: boolean } = {}) {
    const [row] = await t.db
      .insert(crmDeliveries)
      .values({
        destinationId,
        leadId: values.leadId ?? null,
        test: values.test ?? values.leadId === undefined,
        messageId: `msg_${randomBytes(16).toString('hex')}`,
      })
      .returning();
    return row!;
  }

  const deliveriesOf = (destinationId: number) =>
    t.db
      .select()
      .from(crmDeliveries)
      .where(eq(crmDeliveries.destinationId, destinationId))
      .orderBy(asc(crmDeliveries.id));

  const deliveryRow = async (deliveryId: number) =>
    (await t.db.select().from(crmDeliveries).where(eq(crmDeliveries.id, deliveryId)))[0];

  const attemptsOf = (deliveryId: number) =>
    t.db
      .select()
      .from(crmDeliveryAttempts)
      .where(eq(crmDeliveryAttempts.deliveryId, deliveryId))
      .orderBy(asc(crmDeliveryAttempts.id));

  /** Waits (at most `timeout` ms) until the destination has one delivery in `status`, and answers it. */
  async function settledDelivery(destinationId: number, status: CrmDeliveryStatus, timeout = 20_000) {
    await expect
      .poll(async () => (await deliveriesOf(destinationId))[0]?.status, { timeout, interval: 100 })
      .toBe(status);
    return (await deliveriesOf(destinationId))[0]!;
  }

  /** The jobs of a queue whose data names this value (`leadId` or `deliveryId`). */
  async function jobsNaming(name: string, key: 'leadId' | 'deliveryId', value: number, db = t.db) {
    const result = (await db.execute(sql`
      select data from pgboss.job where name = ${name} and (data->>${key})::int = ${value}`)) as unknown as {
      rows: { data: Record<string, number> }[];
    };
    return result.rows.map((row) => row.data);
  }

  /** Waits until the lead's fan-out job has run (a test then adds destinations the fan-out did not see). */
  async function fanOutDone(leadId: number) {
    await expect
      .poll(
        async () => {
          const result = (await t.db.execute(sql`
            select state from pgboss.job where name = ${CRM_JOBS.fanOut} and (data->>'leadId')::int = ${leadId}`)) as unknown as {
            rows: { state: string }[];
          };
          return result.rows[0]?.state;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe('completed');
  }

  /** What the workers get, for calling a job's handler directly (as a second process would). */
  const workerDeps = (): CrmWorkerDeps => ({
    db: t.db,
    logger: createLogger('silent'),
    settings: t.settings,
    outbox: t.outbox,
    queue: t.queue,
    metrics: createMetrics({ logger: createLogger('silent') }),
  });

  return {
    destination,
    delivery,
    deliveriesOf,
    deliveryRow,
    attemptsOf,
    settledDelivery,
    jobsNaming,
    fanOutDone,
    workerDeps,
  };
}
