import { DEMO_PASSWORD, type OutboxMessage } from '@offplan/shared';
import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { DEMO } from './fixtures.ts';

/**
 * An API client signed in as an account (the demo admin by default), from its own client address:
 * what the tests use to read the outbox through /api/dev/mailbox and to prepare data by real calls.
 */
export async function apiAs(
  baseURL: string,
  clientAddress: string,
  email: string = DEMO.admin,
  password = DEMO_PASSWORD,
) {
  const api = await newApi(baseURL, clientAddress);
  const signedIn = await api.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return api;
}

/** An API client with no session yet, calling from our own origin like the web app does. */
export function newApi(baseURL: string, clientAddress: string) {
  return playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL, 'x-forwarded-for': clientAddress },
  });
}

/** The newest outbox message to `to` on `channel`, waiting for the request that sends it to land. */
export async function latestMessage(
  admin: APIRequestContext,
  to: string,
  channel: 'email' | 'sms' = 'email',
) {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const response = await admin.get('/api/dev/mailbox');
      const { items } = (await response.json()) as { items: OutboxMessage[] };
      found = items.find((message) => message.to === to.toLowerCase() || message.to === to);
      return found?.channel === channel ? found.id : undefined;
    })
    .toBeTruthy();
  return found!;
}

/** The first link of a message whose path starts with `pathPrefix`, made relative to the portal. */
export function linkIn(message: OutboxMessage, pathPrefix: string): string {
  const link = message.links.map((href) => new URL(href)).find((url) => url.pathname.startsWith(pathPrefix));
  expect(link, `a ${pathPrefix} link in "${message.subject ?? message.text}"`).toBeTruthy();
  return link!.pathname + link!.search;
}

export const codeIn = (message: OutboxMessage) => /\b(\d{6})\b/.exec(message.text)?.[1] ?? '';

/** A unique address for a person a test creates. */
export const newEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.offplan.test`;
