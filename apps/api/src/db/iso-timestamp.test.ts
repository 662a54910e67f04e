import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { isoTimestamp } from './iso-timestamp.ts';

describe('isoTimestamp', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    '2026-10-31 23:53:26.75+00',
    '2026-01-01 00:00:00+00',
    '2026-06-30 09:05:07.123456+00',
    '2026-03-08 10:00:00.999999+11',
    '1999-12-31 13:00:00-11',
  ])('writes %s as toISOString does', async (value) => {
    const [row] = await t.db
      .select({ iso: isoTimestamp(sql`${value}::timestamptz`) })
      .from(sql`(select 1) as one`);
    expect(row!.iso).toBe(new Date(value).toISOString());
  });
});
