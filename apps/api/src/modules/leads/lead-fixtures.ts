import { randomBytes } from 'node:crypto';
import type { ScoreContribution } from '@offplan/shared';
import { eq } from 'drizzle-orm';
import { leadBuyers, leadEvents, leads, user } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/test-app.ts';

type LeadValues = Partial<typeof leads.$inferInsert> & { projectId: number };

/**
 * Leads written straight into the database for the leads API tests (intake has its own tests): a buyer
 * per email, a lead with its `enquiry` event, any column overridable.
 */
export function leadFixtures(t: TestApp) {
  const suffix = () => randomBytes(4).toString('hex');

  /** The buyer with this email, made on first use (leads of the same email share it, as intake does). */
  async function buyer(email: string, phone: string | null = null) {
    const [found] = await t.db.select().from(leadBuyers).where(eq(leadBuyers.email, email));
    if (found) return found.id;
    const id = `buyer-${suffix()}`;
    await t.db.insert(leadBuyers).values({ id, email, phone });
    return id;
  }

  async function lead(values: LeadValues) {
    const email = values.email ?? `buyer-${suffix()}@example.test`;
    const phone = values.phone ?? '+61412345678';
    const contributions: ScoreContribution[] = values.scoreContributions ?? [
      { ruleId: 1, label: 'Finance pre-approved', points: 20 },
    ];
    const [row] = await t.db
      .insert(leads)
      .values({
        name: 'Bea Buyer',
        buyerType: 'FIRST_HOME_BUYER',
        consentAt: new Date(),
        score: 20,
        baseScore: 20,
        message: 'Is parking included?',
        ...values,
        buyerId: values.buyerId ?? (await buyer(email, phone)),
        email,
        phone,
        scoreContributions: contributions,
      })
      .returning();
    await t.db.insert(leadEvents).values({
      leadId: row!.id,
      kind: 'enquiry',
      text: row!.message,
      data: { name: row!.name, email: row!.email },
      createdAt: row!.createdAt,
    });
    return row!;
  }

  /** Gives a test user a job role (role 8 is the media agency: contact details masked, design §1). */
  async function setJobRole(userId: string, jobRoleId: number) {
    await t.db.update(user).set({ jobRoleId }).where(eq(user.id, userId));
  }

  return { buyer, lead, setJobRole };
}
