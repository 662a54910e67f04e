import { DEMO_PASSWORD } from '@offplan/shared';
import { DEMO, emailInput, expect, passwordInput, test } from './fixtures.ts';
import { apiAs } from './mailbox.ts';

type StoredEvent = {
  eventType: string;
  version: string;
  campaignId: string | null;
  userId: string | null;
  deviceId: string;
  eventProperties: Record<string, unknown>;
  userProperties: Record<string, unknown>;
};

const CARD_NUMBER = '4111 1111 1111 1111';

test('a campaign visitor signs in and clicks through the frame: the event store holds their events, and no password or card number', async ({
  page,
  baseURL,
  clientAddress,
}) => {
  const visitor = `csl-${Date.now()}`;
  await page.goto(`/login?iterableEmailCampaignId=123&csl=${visitor}`);
  await emailInput(page).fill(DEMO.developer);
  await passwordInput(page).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');

  // A card number typed into a field is never captured (spec §5).
  await page.goto('/profile');
  const title = page.getByLabel(/^Title|Job title/).first();
  await title.fill(CARD_NUMBER);
  await title.blur();
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  // Leaving the page flushes what is queued.
  await page.goto('/logout');
  await page.waitForURL((url) => url.pathname === '/login');

  const admin = await apiAs(baseURL!, clientAddress);
  let events: StoredEvent[] = [];
  await expect
    .poll(
      async () => {
        const response = await admin.get(`/api/admin/analytics/events?deviceId=${visitor}&limit=1000`);
        events = ((await response.json()) as { items: StoredEvent[] }).items;
        return events.map((event) => event.eventType);
      },
      { timeout: 20_000 },
    )
    .toEqual(expect.arrayContaining(['portal_user_login', 'element_clicked', 'page_viewed']));

  expect(events.every((event) => event.version === 'next')).toBe(true);
  const login = events.find((event) => event.eventType === 'portal_user_login');
  expect(login?.campaignId).toBe('123');
  // The visitor's anonymous events and the signed-in ones share the csl identity; signed-in ones name the user.
  expect(events.some((event) => event.userId !== null)).toBe(true);
  const everything = JSON.stringify(events);
  expect(everything).not.toContain(DEMO_PASSWORD);
  expect(everything).not.toContain(CARD_NUMBER);
  expect(everything).not.toContain('4111111111111111');
  await admin.dispose();
});
