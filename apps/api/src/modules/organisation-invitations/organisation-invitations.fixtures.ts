import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, member, outboxMessages, userInvitations } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/test-app.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';

/**
 * Test data for the organisation invitation tests: organisations with an owner, an admin and a member,
 * a platform admin, and readers of what the routes leave (emails, rows, memberships, audit rows).
 */
export function organisationInvitationFixtures(t: TestApp) {
  const projects = projectFixtures(t);
  const suffix = () => randomBytes(4).toString('hex');

  async function organisation(name = `Org ${suffix()}`) {
    const id = await projects.organisation(name);
    const owner = await projects.person({ organisationId: id, role: 'owner' });
    const admin = await projects.person({ organisationId: id, role: 'admin' });
    const member = await projects.person({ organisationId: id, role: 'member' });
    return {
      id,
      name,
      owner: { ...owner, headers: { cookie: owner.cookie } },
      admin: { ...admin, headers: { cookie: admin.cookie } },
      member: { ...member, headers: { cookie: member.cookie } },
    };
  }

  async function platformAdmin() {
    const admin = await projects.person({ admin: true });
    return { ...admin, headers: { cookie: admin.cookie } };
  }

  const invitee = (values: { role?: 'owner' | 'admin' | 'member'; email?: string } = {}) => ({
    email: values.email ?? `invitee-${suffix()}@example.test`,
    firstName: 'Ivy',
    lastName: 'Invited',
    role: values.role ?? 'member',
  });

  /** The /activate token of the newest email sent to `email`, or null when none was. */
  async function activationTokenSentTo(email: string): Promise<string | null> {
    const [mail] = await t.db
      .select({ text: outboxMessages.text })
      .from(outboxMessages)
      .where(eq(outboxMessages.to, email))
      .orderBy(desc(outboxMessages.createdAt));
    const match = /\/activate\?token=([^\s)"&]+)/.exec(mail?.text ?? '');
    return match ? decodeURIComponent(match[1]!) : null;
  }

  const emailsTo = async (email: string) =>
    (await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, email))).length;

  const invitationRows = (email: string) =>
    t.db.select().from(userInvitations).where(eq(userInvitations.email, email));

  const membershipOf = async (userId: string) =>
    (await t.db.select().from(member).where(eq(member.userId, userId)))[0];

  const auditRows = (action: string, targetId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

  return {
    organisation,
    platformAdmin,
    invitee,
    activationTokenSentTo,
    emailsTo,
    invitationRows,
    membershipOf,
    auditRows,
  };
}
