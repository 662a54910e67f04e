import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectFixtures } from '../modules/projects/projects.fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { isoTimestamp } from './iso-timestamp.ts';
import { projectAccessRequests, projects, session } from './schema/index.ts';

describe('isoTimestamp', () => {
  let t: TestApp;
  let projectId: number;
  beforeAll(async () => {
    t = await createTestApp();
    projectId = await projectFixtures(t).project('Timed');
  });
  afterAll(() => t.close());

  it.each([
    '2026-10-31 23:53:26.75+00',
    '2026-01-01 00:00:00+00',
    '2026-06-30 09:05:07.123456+00',
    '2026-03-08 10:00:00.999999+11',
    '1999-12-31 13:00:00-11',
  ])('writes %s as toISOString does, whatever the session time zone', async (value) => {
    await t.db.execute(sql`update projects set created_at = ${value}::timestamptz where id = ${projectId}`);
    for (const zone of ['UTC', 'Australia/Sydney']) {
      const [row] = await t.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('TimeZone', ${zone}, true)`);
        return tx
          .select({ iso: isoTimestamp(projects.createdAt) })
          .from(projects)
          .where(eq(projects.id, projectId));
      });
      expect(row!.iso).toBe(new Date(value).toISOString());
    }
  });

  it('takes only not-null columns with a time zone', () => {
    expect(() =>
      isoTimestamp(projectAccessRequests.decidedAt as unknown as typeof projects.createdAt),
    ).toThrow(/not-null timestamptz/);
    expect(() => isoTimestamp(session.expiresAt)).toThrow(/not-null timestamptz/);
  });
});
