import { MESSAGES, type SiteInfo } from '@offplan/shared';
import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures.ts';
import { apiAs } from './mailbox.ts';

/**
 * Maintenance in the browser is checked by answering GET /api/site with the flag set for this page
 * only: switching the real server would close the portal for the tests running beside this one. The
 * real switch (503s, allow-list, two processes, admin only) is proven by apps/api/src/modules/site/site.test.ts.
 */
async function pretendMaintenance(page: Page) {
  await page.route('**/api/site', async (route) => {
    const response = await route.fetch();
    const site = (await response.json()) as SiteInfo;
    await route.fulfill({ response, json: { ...site, maintenanceMode: true } });
  });
}

test.describe('maintenance', () => {
  test('shows the maintenance screen on every page, sign-in included, for visitors and users', async ({
    page,
  }) => {
    await pretendMaintenance(page);
    for (const path of ['/landing', '/dashboard', '/feedback', '/login', '/register']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: MESSAGES.maintenanceHeading }), path).toBeVisible();
      await expect(page.getByText(MESSAGES.maintenance)).toBeVisible();
    }
  });

  test('admins come in through /site-settings, keep the portal and reach the switch', async ({ page }) => {
    await pretendMaintenance(page);
    await page.goto('/site-settings');
    // The sign-in on the way to the switch stays open: the only way in while maintenance is on.
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsite-settings/);
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/site-settings$/);
    await expect(page.getByRole('switch', { name: 'Maintenance mode' })).toBeVisible();
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Maintenance mode is on' }).click();
    await expect(page).toHaveURL(/\/site-settings$/);
  });

  test('a user who signs in on that way still sees the maintenance screen', async ({ page }) => {
    await pretendMaintenance(page);
    await page.goto('/site-settings');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsite-settings/);
    await signIn(page, DEMO.developer);
    await expect(page.getByRole('heading', { name: MESSAGES.maintenanceHeading })).toBeVisible();
  });
});

test('Site Settings is an admin page in the admin menu; others get not found and a 403 from the API', async ({
  page,
  baseURL,
  clientAddress,
}) => {
  await signIn(page, DEMO.admin);
  await page.getByRole('link', { name: 'Site Settings' }).click();
  await expect(page).toHaveURL(/\/site-settings$/);
  await expect(page.getByRole('switch', { name: 'Maintenance mode' })).not.toBeChecked();

  const developer = await apiAs(baseURL!, clientAddress, DEMO.developer);
  const refused = await developer.put('/api/site/settings', { data: { maintenanceMode: true } });
  expect(refused.status()).toBe(403);
  await developer.dispose();
});

test('/landing presents the portal to visitors without a session', async ({ page }) => {
  await page.goto('/landing');
  await expect(page).toHaveURL(/\/landing$/);
  await expect(
    page.getByRole('heading', { name: 'Everything for your off-the-plan developments, in one place' }),
  ).toBeVisible();
  await expect(page.getByText('Offplan Portal is where property developers')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What you can do' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Harbourline Developments logo' })).toBeVisible();
  await expect(page.getByRole('img', { name: /logo$/ })).toHaveCount(4);
  await page.getByRole('link', { name: 'Register your company' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.goto('/landing');
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the IBN host is branded IBN Lead Gen: site name, logo, partner logos and title', async ({
  page,
  baseURL,
}) => {
  const ibn = new URL(baseURL!);
  ibn.hostname = 'ibn.localhost';
  await page.goto(new URL('/landing', ibn).toString());
  await expect(page.getByText('IBN Lead Gen is where property developers')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Summit Living logo' })).toBeVisible();
  await expect(page).toHaveTitle(/IBN Lead Gen/);
  await page.goto(new URL('/login', ibn).toString());
  await expect(page.getByRole('heading', { name: 'Welcome to IBN Lead Gen' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Northgate Urban logo' })).toBeVisible();
});

test('/feedback sends feedback to the team by email', async ({ page, baseURL, clientAddress }) => {
  const token = `e2e-feedback-${Date.now()}`;
  await signIn(page, DEMO.marketer);
  await page.goto('/feedback');
  await expect(page).toHaveURL(/\/feedback$/);
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Something is not working' }).click();
  await page.getByLabel('Your feedback').fill(`The map pin is off by a street. ${token}`);
  await page.getByLabel('Page (optional)').fill('/projects');
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Thanks! Your feedback is on its way to the team.')).toBeVisible();

  const admin = await apiAs(baseURL!, clientAddress);
  await expect
    .poll(async () => {
      const { items } = (await (await admin.get('/api/dev/mailbox')).json()) as {
        items: { subject: string | null; text: string }[];
      };
      return items.some(
        (item) => item.subject?.startsWith('Offplan Portal feedback') && item.text.includes(token),
      );
    })
    .toBe(true);
  const list = (await (await admin.get('/api/feedback')).json()) as { items: { message: string }[] };
  expect(list.items.some((item) => item.message.includes(token))).toBe(true);
  await admin.dispose();
});

test('/offplan-ai: a user registers interest once; admins see who did', async ({ page }) => {
  await signIn(page, DEMO.agency);
  await page.goto('/offplan-ai');
  await expect(page.getByRole('heading', { name: 'Offplan AI', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Your off-the-plan sales assistant', level: 2 }),
  ).toBeVisible();
  const register = page.getByRole('button', { name: 'Register interest' });
  if (await register.isVisible()) await register.click();
  await expect(page.getByText("You're on the list.")).toBeVisible();
  // Registered stays registered after a reload; the button now only saves a note.
  await page.reload();
  await expect(page.getByText("You're on the list.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save note' })).toBeVisible();

  await page.goto('/logout');
  await page.waitForURL(/\/login/);
  await signIn(page, DEMO.admin);
  await page.goto('/offplan-ai');
  await expect(page.getByRole('table', { name: 'Registered interest' })).toContainText(DEMO.agency);
});
