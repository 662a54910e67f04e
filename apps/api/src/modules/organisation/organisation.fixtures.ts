import { randomBytes } from 'node:crypto';
import { projectMembers } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/test-app.ts';
import { leadFixtures } from '../leads/lead-fixtures.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';

/**
 * Test data for the organisation API tests: an organisation with an owner, an admin and a member, two
 * projects (one with a recent lead) and the member approved on one of them.
 */
export function organisationFixtures(t: TestApp) {
  const projects = projectFixtures(t);
  const leads = leadFixtures(t);
  const suffix = () => randomBytes(4).toString('hex');

  const withHeaders = <P extends { cookie: string }>(person: P) => ({
    ...person,
    headers: { cookie: person.cookie },
  });

  async function organisation(name = `Org ${suffix()}`) {
    const id = await projects.organisation(name);
    const owner = withHeaders(await projects.person({ organisationId: id, role: 'owner' }));
    const admin = withHeaders(await projects.person({ organisationId: id, role: 'admin' }));
    const member = withHeaders(await projects.person({ organisationId: id, role: 'member' }));
    const firstProject = await projects.project(`Alpha ${suffix()}`, { organisationId: id });
    const secondProject = await projects.project(`Beta ${suffix()}`, { organisationId: id });
    await leads.lead({ projectId: firstProject });
    await t.db.insert(projectMembers).values({ projectId: firstProject, userId: member.id });
    return { id, name, owner, admin, member, projectIds: [firstProject, secondProject] as const };
  }

  /** Another person joining `organisationId` with `role`, signed in. */
  async function join(organisationId: string, role: 'owner' | 'admin' | 'member') {
    return withHeaders(await projects.person({ organisationId, role }));
  }

  return { ...projects, organisation, join };
}
