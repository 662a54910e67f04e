import type { hasPermission as tableHasPermission } from '@offplan/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { projectConfigurations, projectMedia, projects } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';

// Issue 22 part 5: the permission table as an edited copy (/roles, a later issue) may make it, where an
// organisation's plain members may not add projects. Everything else answers as the real table does.
vi.mock('@offplan/shared', async (importOriginal) => {
  const shared = await importOriginal<typeof import('@offplan/shared')>();
  return {
    ...shared,
    hasPermission: (...args: Parameters<typeof tableHasPermission>) =>
      args[1] === 'projects.edit' && args[0].organisationRole === 'member'
        ? false
        : shared.hasPermission(...args),
  };
});

let t: TestApp;
let f: ReturnType<typeof projectFixtures>;
let org: string;
let owner: Awaited<ReturnType<ReturnType<typeof projectFixtures>['person']>>;
let member: typeof owner;

beforeAll(async () => {
  t = await createTestApp();
  f = projectFixtures(t);
  org = await f.organisation('Hot Path Builders');
  owner = await f.person({ organisationId: org, role: 'owner' });
  member = await f.person({ organisationId: org, role: 'member' });
  // Counts the statements (not the rows) that write media and configurations.
  await t.db.execute(
    sql`create table statement_count (tbl text, op text, n integer not null, primary key (tbl, op))`,
  );
  await t.db.execute(sql`create function count_statement() returns trigger language plpgsql as $$
    begin
      insert into statement_count values (TG_TABLE_NAME, TG_OP, 1)
        on conflict (tbl, op) do update set n = statement_count.n + 1;
      return null;
    end $$`);
  for (const table of ['project_media', 'project_configurations']) {
    await t.db.execute(
      sql.raw(
        `create trigger ${table}_statements after insert or update or delete on ${table} for each statement execute function count_statement()`,
      ),
    );
  }
});
afterAll(async () => {
  await t.close();
});

async function statementCounts() {
  const result = (await t.db.execute(sql`select tbl, op, n from statement_count`)) as unknown as {
    rows: { tbl: string; op: string; n: number }[];
  };
  await t.db.execute(sql`delete from statement_count`);
  return Object.fromEntries(result.rows.map((row) => [`${row.op} ${row.tbl}`, Number(row.n)]));
}

const configuration = (name: string, bedrooms: number) => ({
  name,
  bedrooms,
  bathrooms: 1,
  carSpaces: 1,
  priceFrom: 500000 + bedrooms,
  priceTo: null,
  internalSizeSqm: 50.5,
  stockAvailable: bedrooms,
});

describe('hot paths (issue 22 part 5)', () => {
  it('refuses listing creation 403 to a user without projects.edit, though in an organisation', async () => {
    const draft = {
      title: 'Permission Place',
      address: {
        fullAddress: '1 Edit Street, Southport QLD 4215',
        suburb: 'Southport',
        state: 'QLD',
        postcode: '4215',
      },
    };
    const refused = await t.request('/api/listings', { method: 'POST', cookie: member.cookie, json: draft });
    expect(refused.status).toBe(403);
    expect(await t.db.select().from(projects).where(eq(projects.title, 'Permission Place'))).toEqual([]);
    const created = await t.request('/api/listings', { method: 'POST', cookie: owner.cookie, json: draft });
    expect(created.status).toBe(201);
  });

  it('reorders media in one UPDATE whatever their number, with the same result', async () => {
    const id = await f.project('Reorder Court', { organisationId: org });
    for (let i = 0; i < 4; i++) await f.media(id, 'image');
    const ids = (
      await t.db.select({ id: projectMedia.id }).from(projectMedia).where(eq(projectMedia.projectId, id))
    )
      .map((row) => row.id)
      .sort((a, b) => a - b);
    await statementCounts();
    const order = [ids[3]!, ids[1]!, ids[0]!, ids[2]!];
    const response = await t.request(`/api/listings/${id}/media`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { order },
    });
    expect(response.status).toBe(200);
    expect(await statementCounts()).toEqual({ 'UPDATE project_media': 1 });
    const { listing } = (await response.json()) as { listing: { images: { id: number }[] } };
    expect(listing.images.map((image) => image.id)).toEqual(order);

    const hero = await t.request(`/api/listings/${id}/media`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { heroId: ids[2] },
    });
    expect(hero.status).toBe(200);
    expect(await statementCounts()).toEqual({ 'UPDATE project_media': 1 });
    const rows = await t.db.select().from(projectMedia).where(eq(projectMedia.projectId, id));
    expect(rows.filter((row) => row.isHero).map((row) => row.id)).toEqual([ids[2]]);
  });

  it('saves configurations in one write statement (and one delete) whatever their number, with the same result', async () => {
    const id = await f.project('Configured Court', { organisationId: org });
    const first = await t.request(`/api/listings/${id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { configurations: [1, 2, 3, 4].map((n) => configuration(`${n} bed`, n)) },
    });
    expect(first.status).toBe(200);
    const saved = await t.db
      .select()
      .from(projectConfigurations)
      .where(eq(projectConfigurations.projectId, id))
      .orderBy(projectConfigurations.position);
    expect(saved.map((row) => [row.name, row.position])).toEqual([
      ['1 bed', 0],
      ['2 bed', 1],
      ['3 bed', 2],
      ['4 bed', 3],
    ]);
    await statementCounts();
    // Three kept (renamed, moved), one dropped, two added.
    const next = [
      { ...configuration('Three bed', 3), id: saved[2]!.id },
      configuration('Studio', 0),
      { ...configuration('One bed', 1), id: saved[0]!.id, stockAvailable: 9 },
      { ...configuration('Two bed', 2), id: saved[1]!.id },
      configuration('Penthouse', 5),
    ];
    const second = await t.request(`/api/listings/${id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { configurations: next },
    });
    expect(second.status).toBe(200);
    const counts = await statementCounts();
    expect(counts['UPDATE project_configurations'] ?? 0).toBeLessThanOrEqual(1);
    expect(counts['INSERT project_configurations'] ?? 0).toBeLessThanOrEqual(1);
    const after = await t.db
      .select()
      .from(projectConfigurations)
      .where(eq(projectConfigurations.projectId, id))
      .orderBy(projectConfigurations.position);
    expect(after.map((row) => [row.name, row.position, row.stockAvailable])).toEqual([
      ['Three bed', 0, 3],
      ['Studio', 1, 0],
      ['One bed', 2, 9],
      ['Two bed', 3, 2],
      ['Penthouse', 4, 5],
    ]);
    expect([after[0]!.id, after[2]!.id, after[3]!.id]).toEqual([saved[2]!.id, saved[0]!.id, saved[1]!.id]);
    expect(after.some((row) => row.id === saved[3]!.id)).toBe(false);

    const twice = await t.request(`/api/listings/${id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { configurations: [next[0], next[0]] },
    });
    expect(twice.status).toBe(400);
  });
});
