import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectFixtures } from '../modules/projects/projects.fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { prepareSelect } from './prepared-select.ts';
import { projects } from './schema/index.ts';

describe('prepareSelect (decision 022)', () => {
  let t: TestApp;
  let ids: number[];
  /** Columns of every kind the search page reads: integers, text, enums, timestamps, nullables, expressions. */
  const columns = {
    id: projects.id,
    title: projects.title,
    stage: projects.stage,
    createdAt: projects.createdAt,
    description: projects.description,
    estimatedCompletionYear: projects.estimatedCompletionYear,
    images: sql<string[]>`array[${projects.title}, 'b']`,
    titleLength: sql<number>`length(${projects.title})`.mapWith(Number),
    isClaimed: sql<boolean>`${projects.organisationId} is not null`,
    // a key that must be quoted in an object literal
    'odd "key"': sql<string>`'x'`,
  };
  const query = () =>
    t.db
      .select(columns)
      .from(projects)
      .where(sql`${projects.id} = any(${sql.placeholder('ids')}::int[])`)
      .orderBy(projects.id);

  beforeAll(async () => {
    t = await createTestApp();
    const fixtures = projectFixtures(t);
    ids = [
      await fixtures.project('Harbour One', { description: 'On the water', estimatedCompletionYear: 2028 }),
      await fixtures.project('Second'),
    ];
  });
  afterAll(() => t.close());

  it('reads the rows drizzle reads, named or unnamed, as often as it is called', async () => {
    const expected = await query().prepare('prepared_select_drizzle').execute({ ids });
    expect(expected).toHaveLength(2);
    expect(expected[0]!.createdAt).toBeInstanceOf(Date);
    expect(expected[1]!.estimatedCompletionYear).toBeNull();
    expect(expected[0]!.titleLength).toBe('Harbour One'.length);

    const named = prepareSelect(t.db, query(), 'prepared_select_test');
    const unnamed = prepareSelect(t.db, query());
    for (let call = 0; call < 3; call++) {
      expect(await named.execute({ ids })).toEqual(expected);
      expect(await unnamed.execute({ ids })).toEqual(expected);
    }
    expect(Object.keys((await named.execute({ ids }))[0]!)).toEqual(Object.keys(columns));
  });

  it('takes new values on each call and reads an empty result', async () => {
    const named = prepareSelect(t.db, query(), 'prepared_select_values');
    expect((await named.execute({ ids: [ids[1]!] })).map((row) => row.title)).toEqual(['Second']);
    expect(await named.execute({ ids: [-1] })).toEqual([]);
  });

  it('refuses a nested selection it cannot read', () => {
    const nested = t.db
      .select({ project: { id: projects.id } })
      .from(projects)
      .where(eq(projects.id, 1));
    expect(() => prepareSelect(t.db, nested as unknown as ReturnType<typeof query>)).toThrow(
      /flat selects only/,
    );
  });
});
