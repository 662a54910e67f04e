import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  inAppMessages,
  member,
  organisationJoinRequests,
  organization,
  outboxMessages,
  user,
} from '../../db/schema/index.ts';
import type { TestApp } from '../../test/test-app.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';

/**
 * Test data for the join-request and admin-organisation tests: organisations with an owner, an admin
 * and a member whose emails share a domain of their own, registrations through better-auth's
 * /sign-up/email, and readers of what the registration left behind.
 */
export function organisationJoinFixtures(t: TestApp) {
  const projects = projectFixtures(t);
  const suffix = () => randomBytes(4).toString('hex');

  /** An organisation whose people have addresses at `domain` (a fresh one unless given). */
  async function organisation(name = `Org ${suffix()}`, domain = `${suffix()}.example.com`) {
    const id = await projects.organisation(name);
    const owner = await projects.person({
      organisationId: id,
      role: 'owner',
      email: `owner-${suffix()}@${domain}`,
    });
    const admin = await projects.person({
      organisationId: id,
      role: 'admin',
      email: `admin-${suffix()}@${domain}`,
    });
    const plain = await projects.person({
      organisationId: id,
      role: 'member',
      email: `member-${suffix()}@${domain}`,
    });
    const headersOf = (person: { cookie: string }) => ({ cookie: person.cookie });
    return {
      id,
      name,
      domain,
      owner: { ...owner, headers: headersOf(owner) },
      admin: { ...admin, headers: headersOf(admin) },
      member: { ...plain, headers: headersOf(plain) },
    };
  }

  /** Registers through /api/auth/sign-up/email as /register does; returns the new user's id. */
  async function register(companyName: string, email = `new-${suffix()}@${suffix()}.example.net`) {
    const response = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: {
        email,
        password: 'quiet orchard lantern 7291',
        name: 'Nina Newcomer',
        firstName: 'Nina',
        lastName: 'Newcomer',
        companyName,
        acceptTerms: true,
      },
    });
    if (response.status !== 200)
      throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
    const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
    return { id: row!.id, email: email.toLowerCase() };
  }

  const membershipsOf = (userId: string) =>
    t.db
      .select({ organisationId: member.organizationId, role: member.role, name: organization.name })
      .from(member)
      .innerJoin(organization, eq(organization.id, member.organizationId))
      .where(eq(member.userId, userId));

  const requestsOf = (userId: string) =>
    t.db.select().from(organisationJoinRequests).where(eq(organisationJoinRequests.userId, userId));

  const bellOf = (userId: string) =>
    t.db.select().from(inAppMessages).where(eq(inAppMessages.audienceUserId, userId));

  const emailsTo = (to: string, template: string) =>
    t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, to), eq(outboxMessages.template, template)));

  /** A platform admin's session headers. */
  async function platformAdmin() {
    const admin = await projects.person({ admin: true });
    return { ...admin, headers: { cookie: admin.cookie } };
  }

  return {
    ...projects,
    suffix,
    organisation,
    register,
    membershipsOf,
    requestsOf,
    bellOf,
    emailsTo,
    platformAdmin,
  };
}
