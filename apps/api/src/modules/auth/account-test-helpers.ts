import { randomBytes } from 'node:crypto';
import type { ApiError } from '@offplan/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { outboxMessages, session, user } from '../../db/schema/index.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test/test-app.ts';

/**
 * What the account-flow tests (registration, verification, reset, two-step, impersonation, invitations,
 * admin endpoints, hardening) share besides the session helpers of test/sessions.ts: their app, mail and
 * SMS readers, the registration form. Each test file still gets its own app and database.
 */

/** The app of the current test file, set by `useAccountsTestApp()` (a live binding: read it inside tests). */
export let t: TestApp;

/** Gives the calling test file a fresh app over its own database, closed after its last test. */
export function useAccountsTestApp() {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
}

export const NEW_PASSWORD = 'quiet orchard lantern 7291';
export const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.test`;

export const errorOf = async (response: Response) => ((await response.json()) as ApiError).error;

export async function userRow(email: string) {
  const [row] = await t.db.select().from(user).where(eq(user.email, email.toLowerCase()));
  return row;
}

export const sessionsOf = (userId: string) => t.db.select().from(session).where(eq(session.userId, userId));

/** Every message to an address, oldest first. */
export const messagesTo = (to: string) =>
  t.db.select().from(outboxMessages).where(eq(outboxMessages.to, to)).orderBy(asc(outboxMessages.createdAt));

export function linkToken(text: string, pattern: RegExp) {
  const match = pattern.exec(text);
  if (!match?.[1]) throw new Error(`no link matching ${pattern} in: ${text}`);
  return decodeURIComponent(match[1]);
}
export const verifyTokenIn = (text: string) =>
  linkToken(text, new RegExp(`${TEST_BASE_URL}/verify\\?token=([^\\s&"<]+)`));
export const resetTokenIn = (text: string) =>
  linkToken(text, new RegExp(`${TEST_BASE_URL}/forgot-password/([^\\s?"<]+)`));

export async function latestSmsCode(phone: string) {
  const messages = await messagesTo(phone);
  const last = messages.at(-1);
  expect(last?.channel).toBe('sms');
  const code = /\b(\d{6})\b/.exec(last!.text)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

export const registration = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('register'),
  password: NEW_PASSWORD,
  name: 'Rita Register',
  firstName: 'Rita',
  lastName: 'Register',
  companyName: 'Harbourline Developments',
  acceptTerms: true,
  ...overrides,
});

export const signUp = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  t.request('/api/auth/sign-up/email', { method: 'POST', json: body, ...(headers ? { headers } : {}) });
