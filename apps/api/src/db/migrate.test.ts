import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.ts';
import type { Database } from './client.ts';
import { migrateDatabase, migrationsAreCurrent } from './migrate.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const count = async () =>
  (
    (await database.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;

describe('migrations', () => {
  it('are applied at open and current', async () => {
    expect(await migrationsAreCurrent(database)).toBe(true);
    expect(await count()).toBeGreaterThan(0);
  });

  it('are a no-op when current, even when run concurrently', async () => {
    const before = await count();
    await Promise.all([migrateDatabase(database), migrateDatabase(database)]);
    expect(await count()).toBe(before);
  });

  it('create every table of this wave', async () => {
    const result = (await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    )) as unknown as { rows: { table_name: string }[] };
    expect(result.rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining([
        'user',
        'session',
        'account',
        'verification',
        'rate_limit',
        'organization',
        'member',
        'invitation',
        'projects',
        'project_configurations',
        'project_media',
        'project_slug_history',
        'project_members',
        'project_access_requests',
        'project_recommendations',
        'audit_log',
      ]),
    );
  });
});
