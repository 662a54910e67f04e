import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshPostgresDatabase, openTestDatabase } from '../test/test-app.ts';
import { type Database, openDatabase } from './client.ts';
import { defaultMigrationsFolder, migrateDatabase, migrationsAreCurrent } from './migrate.ts';

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

  it('are a no-op when current', async () => {
    const before = await count();
    await migrateDatabase(database);
    expect(await count()).toBe(before);
  });

  it('when current, are checked by their newest file alone: the older files are not read', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'offplan-migrations-'));
    try {
      cpSync(defaultMigrationsFolder, folder, { recursive: true });
      const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
        entries: { tag: string }[];
      };
      const newest = `${journal.entries.at(-1)!.tag}.sql`;
      for (const file of readdirSync(folder))
        if (file.endsWith('.sql') && file !== newest) rmSync(path.join(folder, file));
      // Drizzle's migrator reads every file, and fails on the missing ones.
      await expect(migrateDatabase(database, folder)).resolves.toBeUndefined();
      // A newest file the database has not seen (another hash) is work: the migrator runs and fails.
      appendFileSync(path.join(folder, newest), '\n-- changed\n');
      await expect(migrateDatabase(database, folder)).rejects.toThrow(/No file/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    'survive the server dropping an idle connection (the pool reports it, the process lives on)',
    async () => {
      const fresh = await createFreshPostgresDatabase();
      const errors: Error[] = [];
      const server = await openDatabase({
        databaseUrl: fresh.url,
        onConnectionError: (error) => errors.push(error),
      });
      try {
        await server.db.execute(sql`select 1`);
        const admin = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL! });
        await admin.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${new URL(fresh.url).pathname.slice(1)}`,
        );
        await admin.close();
        await expect.poll(() => errors.length).toBeGreaterThan(0);
        // The pool opens a new connection for the next query.
        expect(
          ((await server.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] }).rows[0]!
            .one,
        ).toBe(1);
      } finally {
        await server.close();
        await fresh.drop();
      }
    },
  );

  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    'run once when several processes start together on a fresh server database',
    async () => {
      const fresh = await createFreshPostgresDatabase();
      // Separate pools, as separate processes would have.
      const processes = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: fresh.url })));
      try {
        await Promise.all(processes.map((each) => migrateDatabase(each)));
        const journal = (await processes[0]!.db.execute(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )) as unknown as { rows: { n: number }[] };
        expect(journal.rows[0]!.n).toBe(await count());
        for (const each of processes) expect(await migrationsAreCurrent(each)).toBe(true);
      } finally {
        await Promise.all(processes.map((each) => each.close()));
        await fresh.drop();
      }
    },
  );

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
