import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { leadBuyers, leads, user } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/test-app.ts';
import type { LeadJobDeps } from './lead-notifications.ts';

/**
 * Test data for the leads jobs' tests (lead-workers.test.ts, lead-scoring.test.ts): leads written
 * straight to the tables, as intake stores them, so a job can be run on a lead of any age or state.
 */
export function leadJobFixtures(t: TestApp) {
  async function lead(projectId: number, values: Partial<typeof leads.$inferInsert> = {}) {
    const buyerId = `buyer-${randomBytes(6).toString('hex')}`;
    const email = values.email ?? `${buyerId}@buyers.test`;
    await t.db.insert(leadBuyers).values({ id: buyerId, email, phone: values.phone ?? '+61412345678' });
    const [row] = await t.db
      .insert(leads)
      .values({
        projectId,
        buyerId,
        name: 'Bea Buyer',
        email,
        phone: '+61412345678',
        buyerType: 'INVESTOR',
        consentAt: new Date(),
        baseScore: 45,
        score: 45,
        scoreContributions: [
          { ruleId: 1, label: 'Finance pre-approved', points: 20 },
          { ruleId: 6, label: 'Budget $800k or more', points: 15 },
          { ruleId: 8, label: 'Investor', points: 10 },
        ],
        ...values,
      })
      .returning();
    return row!;
  }

  /** Spec §6 role id 8 (media agency): sees no contact details. */
  const makeMediaAgency = (userId: string) =>
    t.db.update(user).set({ jobRoleId: 8 }).where(eq(user.id, userId));

  /** What the jobs are given in production (lead-workers.ts), from the test app. */
  const deps: LeadJobDeps = {
    db: t.db,
    settings: t.settings,
    outbox: t.outbox,
    logger: pino({ level: 'silent' }),
    queue: t.queue,
  };

  return { lead, makeMediaAgency, deps };
}
