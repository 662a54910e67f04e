import { ERROR_CODES } from '@offplan/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNulInTextError } from './app.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Routes that hand the database what a schema without the text rule would: the safety net's cases.
  const db = t.db;
  t.app.get('/test/nul-in-text', async (c) => {
    await db.execute(sql`select ${'a\u0000b'}::text as value`);
    return c.text('stored');
  });
  t.app.get('/test/nul-in-jsonb', async (c) => {
    await db.execute(sql`select ${'{"label":"a\\u0000b"}'}::jsonb as value`);
    return c.text('stored');
  });
  t.app.get('/test/division-by-zero', async (c) => {
    await db.execute(sql`select 1 / 0 as value`);
    return c.text('never');
  });
});
afterAll(() => t.close());

describe('app.onError: a NUL that reaches PostgreSQL (issue 15 finding 1, safety net behind the text rule)', () => {
  it('answers 400 VALIDATION_FAILED, not 500, for a NUL in text (SQLSTATE 22021)', async () => {
    const response = await t.request('/test/nul-in-text');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: ERROR_CODES.validation, message: 'Text must not contain a NUL character.' },
    });
  });

  it('answers 400 VALIDATION_FAILED, not 500, for \\u0000 in jsonb (SQLSTATE 22P05)', async () => {
    const response = await t.request('/test/nul-in-jsonb');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: ERROR_CODES.validation } });
  });

  it('leaves every other database error a 500', async () => {
    const response = await t.request('/test/division-by-zero');
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: { code: ERROR_CODES.internal } });
  });

  it('finds the SQLSTATE on the error or on its cause, and nowhere else', () => {
    expect(isNulInTextError(Object.assign(new Error('driver'), { code: '22021' }))).toBe(true);
    const wrapped = new Error('Failed query', { cause: Object.assign(new Error('x'), { code: '22P05' }) });
    expect(isNulInTextError(wrapped)).toBe(true);
    expect(isNulInTextError(Object.assign(new Error('unique'), { code: '23505' }))).toBe(false);
    expect(isNulInTextError(new Error('plain'))).toBe(false);
    expect(isNulInTextError('22021')).toBe(false);
  });
});
