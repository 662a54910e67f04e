import { IN_APP_MESSAGE_API_PATHS } from '@offplan/shared';
import { DEMO, expect, signIn, test } from './fixtures.ts';

/**
 * Issue 19 item 7: an admin retracts a message and a user's open bell loses it without reloading (the
 * server's event stream), and the admin sees who read it.
 */
test('an admin retracts a message and the user’s open bell loses it without a reload', async ({
  page,
  browser,
  baseURL,
  clientAddress,
}) => {
  // Two people, each signed in through the UI, on a machine shared with other runs.
  test.setTimeout(60_000);
  const title = `Wrong launch date ${Date.now()}`;
  await signIn(page, DEMO.developer);
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('data-live', 'true');

  const adminContext = await browser.newContext({
    baseURL: baseURL!,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress },
  });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin);
  const sent = await admin.request.post('/api/admin/messages', {
    data: { audience: 'user', userEmail: DEMO.developer, title, body: 'Launch on the 3rd', trigger: 'never' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { messageId } = (await sent.json()) as { messageId: string };

  // The user reloads once to get it (the bell's list is cached), opens the bell and reads it.
  await page.reload();
  await expect(bell).toHaveAttribute('data-live', 'true');
  await bell.click();
  const item = page.getByTestId('notification-item').and(page.locator(`[data-message-id="${messageId}"]`));
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('data-read', 'true');

  await admin.goto('/messages');
  const row = admin.getByTestId('sent-message-row').filter({ hasText: title });
  await row.getByRole('button', { name: `Readers of ${title}` }).click();
  const readers = admin.getByRole('dialog', { name: `Readers of “${title}”` });
  await expect(readers.getByTestId('receipt-totals')).toHaveText('1 opened · 1 read · 0 clicked');
  await expect(readers.getByTestId('receipt-row')).toContainText(DEMO.developer);
  await admin.keyboard.press('Escape');

  await row.getByRole('button', { name: `Retract ${title}` }).click();
  await admin.getByRole('button', { name: 'Retract message' }).click();
  await expect(admin.getByText('Message retracted')).toBeVisible();
  await expect(row).toHaveAttribute('data-retracted', 'true');
  await expect(row).toContainText(/Retracted by/);

  // The user's open bell loses it, without a reload.
  await expect(item).toHaveCount(0);
  const tracked = await page.request.post('/api/notifications/open', { data: { messageIds: [messageId] } });
  expect(tracked.status()).toBe(404);
  expect((await admin.request.post(IN_APP_MESSAGE_API_PATHS.retract(messageId))).status()).toBe(409);
  await adminContext.close();
});
