import { randomBytes } from 'node:crypto';
import type { CrmDeliveryStatus, CrmDestinationInput } from '@offplan/shared';
import { sql } from 'drizzle-orm';
import { crmDeliveries, crmDeliveryAttempts } from '../../db/schema/index.ts';
import { prepareQueues } from '../../jobs/queue.ts';
import type { TestApp } from '../../test/test-app.ts';
import { leadFixtures } from '../leads/lead-fixtures.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';
import { CRM_JOBS } from './crm-jobs.ts';

/**
 * Test data for the CRM API tests: an organisation with an owner, an admin and a member and two
 * projects; deliveries and attempts written straight into the tables (the worker has its own tests).
 */
export function crmFixtures(t: TestApp) {
  const projects = projectFixtures(t);
  const leads = leadFixtures(t);
  const suffix = () => randomBytes(4).toString('hex');

  /**
   * The queues the CRM routes send to inside their transactions (the embedded database needs them known
   * first), with the delivery worker stopped: these tests read the state and the `crm-deliver` jobs the
   * routes leave, which a worker running them at once would move on (the worker has its own tests).
   */
  async function prepare() {
    await prepareQueues(t.queue, Object.values(CRM_JOBS));
    await t.queue.offWork(CRM_JOBS.deliver);
  }

  async function organisation(name = `Org ${suffix()}`) {
    const id = await projects.organisation(name);
    const owner = await projects.person({ organisationId: id, role: 'owner' });
    const admin = await projects.person({ organisationId: id, role: 'admin' });
    const member = await projects.person({ organisationId: id, role: 'member' });
    const firstProject = await projects.project(`Alpha ${suffix()}`, { organisationId: id });
    const secondProject = await projects.project(`Beta ${suffix()}`, { organisationId: id });
    return {
      id,
      owner: { ...owner, headers: { cookie: owner.cookie } },
      admin: { ...admin, headers: { cookie: admin.cookie } },
      member: { ...member, headers: { cookie: member.cookie } },
      projectIds: [firstProject, secondProject] as const,
    };
  }

  const webhook = (values: Partial<CrmDestinationInput> = {}): CrmDestinationInput => ({
    name: 'Our CRM',
    kind: 'WEBHOOK',
    url: 'https://crm.example.com/hooks/leads',
    allProjects: true,
    ...values,
  });

  const crmEmail = (values: Partial<CrmDestinationInput> = {}): CrmDestinationInput => ({
    name: 'CRM inbox',
    kind: 'EMAIL',
    email: 'Leads@YourCRM.example.com',
    allProjects: true,
    ...values,
  });

  /** A delivery of a new lead of `projectId` to a destination, in any state, made `ageDays` ago. */
  async function delivery(
    destinationId: number,
    projectId: number,
    values: { status?: CrmDeliveryStatus; attempts?: number; ageDays?: number; deliveredAt?: Date } = {},
  ) {
    const lead = await leads.lead({ projectId });
    const createdAt = new Date(Date.now() - (values.ageDays ?? 0) * 86_400_000);
    const [row] = await t.db
      .insert(crmDeliveries)
      .values({
        destinationId,
        leadId: lead.id,
        messageId: `msg_${suffix()}${suffix()}`,
        status: values.status ?? 'PENDING',
        attempts: values.attempts ?? 0,
        deliveredAt: values.deliveredAt ?? null,
        createdAt,
      })
      .returning();
    return row!;
  }

  /** One attempt of a delivery, as the worker records it. */
  async function attempt(deliveryId: number, values: { at: Date; responseCode: number | null; ok: boolean }) {
    await t.db.insert(crmDeliveryAttempts).values({
      deliveryId,
      attemptedAt: values.at,
      responseCode: values.responseCode,
      latencyMs: 120,
      ok: values.ok,
      error: values.ok ? null : `HTTP ${values.responseCode ?? 'none'}`,
    });
  }

  /** The `crm-deliver` jobs sent for one delivery, oldest first. */
  async function deliverJobsOf(deliveryId: number) {
    const result = (await t.db.execute(sql`
      select (data->>'attempt')::int as attempt from pgboss.job
      where name = ${CRM_JOBS.deliver} and (data->>'deliveryId')::int = ${deliveryId}
      order by created_on`)) as unknown as { rows: { attempt: number }[] };
    return result.rows.map((row) => row.attempt);
  }

  return { ...projects, prepare, organisation, webhook, crmEmail, delivery, attempt, deliverJobsOf };
}
