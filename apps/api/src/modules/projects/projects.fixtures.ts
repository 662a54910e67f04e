import { randomBytes } from 'node:crypto';
import { member, organization, projectMedia, projects } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/test-app.ts';

/** Test data for the projects and access-request tests: organisations, people and listings. */
export function projectFixtures(t: TestApp) {
  const suffix = () => randomBytes(4).toString('hex');

  async function organisation(name: string) {
    const id = `org-${suffix()}`;
    await t.db.insert(organization).values({ id, name, slug: id, createdAt: new Date() });
    return id;
  }

  async function join(organisationId: string, userId: string, role: 'owner' | 'admin' | 'member') {
    await t.db
      .insert(member)
      .values({ id: `m-${suffix()}`, organizationId: organisationId, userId, role, createdAt: new Date() });
  }

  /** A user (optionally in an organisation) and their session cookie. */
  async function person(
    options: {
      organisationId?: string;
      role?: 'owner' | 'admin' | 'member';
      admin?: boolean;
      email?: string;
    } = {},
  ) {
    const created = await t.createUser({
      ...(options.email ? { email: options.email } : {}),
      ...(options.admin ? { role: 'admin' } : {}),
    });
    if (options.organisationId) await join(options.organisationId, created.id, options.role ?? 'member');
    const cookie = await t.signIn(created.email);
    return { ...created, cookie };
  }

  async function project(title: string, values: Partial<typeof projects.$inferInsert> = {}) {
    const [row] = await t.db
      .insert(projects)
      .values({
        name: title,
        title,
        state: 'NSW',
        suburb: 'Parramatta',
        postcode: '2150',
        fullAddress: '1 Church Street, Parramatta NSW 2150',
        prefix: 'nsw',
        slug: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${suffix()}`,
        ...values,
      })
      .returning({ id: projects.id });
    return row!.id;
  }

  async function media(projectId: number, kind: 'image' | 'brochure' | 'floorplan') {
    await t.db.insert(projectMedia).values({
      projectId,
      kind,
      url: `/media/test/${suffix()}`,
      fileName: 'f',
      mimeType: kind === 'image' ? 'image/png' : 'application/pdf',
      sizeBytes: 10,
    });
  }

  return { organisation, join, person, project, media };
}
