import { ADMIN_USER_API_PATHS, DEMO_PASSWORD, type OutboxMessage } from '@offplan/shared';
import { request as playwrightRequest } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures.ts';
import { apiAs, newApi, newEmail } from './mailbox.ts';

/**
 * Issue 19 item 1 (decision 031): an admin edits a user from /users → /profile/{id}, marks an email
 * verified and sends a password-reset link that lands in the outbox.
 */

const MARKETER = { firstName: 'Sophie', lastName: 'Williams', title: 'Project Marketing Manager' };

// Two tests, not one: together they were over 30 s on a loaded CI machine (stop 36's run).
test('an admin edits the marketer and sends them a reset link', async ({ page, baseURL, clientAddress }) => {
  const admin = await apiAs(baseURL!, clientAddress);
  await signIn(page, DEMO.admin);
  await page.goto('/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill('marketer@demo');
  // The search applies once typing pauses: wait for it, or the click lands on the unfiltered list.
  await expect(page).toHaveURL(/q=marketer/);
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: 'Sophie Williams' }).click();
  await expect(page).toHaveURL(/\/profile\/.+/);
  const marketerId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);

  try {
    await page.getByRole('button', { name: 'Edit details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Sophie Williams' });
    await dialog.getByLabel('First name').fill('Sophia');
    await dialog.getByLabel('Last name').fill('Williams-Hart');
    await dialog.getByLabel('Title').fill('Head of Project Marketing');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Sophia Williams-Hart', exact: true })).toBeVisible();
    await expect(page.getByText('Head of Project Marketing', { exact: true })).toBeVisible();
    const activity = page.getByRole('table', { name: 'Activity' });
    await expect(
      activity.getByText('title: Project Marketing Manager → Head of Project Marketing'),
    ).toBeVisible();

    const asked = Date.now();
    await page.getByRole('button', { name: 'Send password reset link' }).click();
    await page
      .getByRole('dialog', { name: 'Send a password reset link' })
      .getByRole('button', { name: 'Send link' })
      .click();
    await expect(page.getByText(`${DEMO.marketer} has a link to set a new password`)).toBeVisible();
    await expect
      .poll(async () => {
        const { items } = (await (await admin.get('/api/dev/mailbox')).json()) as { items: OutboxMessage[] };
        const reset = items.find(
          (message) =>
            message.to === DEMO.marketer &&
            Date.parse(message.createdAt) >= asked - 1000 &&
            message.links.some((link) => new URL(link).pathname.startsWith('/forgot-password/')),
        );
        return reset?.subject ?? null;
      })
      .toMatch(/password/i);
  } finally {
    // Leave the demo marketer as other tests and people expect them.
    await admin.patch(ADMIN_USER_API_PATHS.user(marketerId), { data: MARKETER });
  }
});

test('an admin marks an unverified email verified', async ({ page, baseURL, clientAddress }) => {
  // A fresh unverified account: auth.spec.ts needs the demo one to stay unverified.
  const unverified = newEmail('unverified');
  const visitor = await newApi(baseURL!, clientAddress);
  const registered = await visitor.post('/api/auth/sign-up/email', {
    data: {
      email: unverified,
      password: 'quiet orchard lantern 7291',
      name: 'Grace Unverified',
      firstName: 'Grace',
      lastName: 'Unverified',
      companyName: `Unverified Test ${Date.now()}`,
      acceptTerms: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);

  await signIn(page, DEMO.admin);
  await page.goto('/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(unverified);
  await expect(page).toHaveURL(/q=unverified/);
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: 'Grace Unverified' }).click();
  const email = page.getByRole('region', { name: 'Email and password' });
  await expect(email.getByText('Not verified')).toBeVisible();
  await email.getByRole('button', { name: 'Mark email verified' }).click();
  await page
    .getByRole('dialog', { name: `Mark ${unverified} verified` })
    .getByRole('button', { name: 'Mark verified' })
    .click();
  await expect(email.getByText('Verified', { exact: true })).toBeVisible();
  await expect(email.getByRole('button', { name: 'Resend verification email' })).toHaveCount(0);
  await expect(page.getByText('Email verified', { exact: true }).first()).toBeVisible();
});

test("an admin reads a user's sessions by device, with the full user agent on hover", async ({
  page,
  baseURL,
  clientAddress,
}) => {
  const safariOnMac =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15';
  const agencyOnMac = await playwrightRequest.newContext({
    baseURL,
    userAgent: safariOnMac,
    extraHTTPHeaders: { origin: baseURL!, 'x-forwarded-for': clientAddress },
  });
  const signedIn = await agencyOnMac.post('/api/auth/sign-in/email', {
    data: { email: DEMO.agency, password: DEMO_PASSWORD },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);

  await signIn(page, DEMO.admin);
  await page.goto('/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill('agency@demo');
  await expect(page).toHaveURL(/q=agency/);
  await page.getByRole('table', { name: 'Users' }).getByRole('link').first().click();
  const sessions = page.getByRole('table', { name: 'Sessions' });
  await expect(sessions.getByRole('columnheader', { name: 'Device' })).toBeVisible();
  const device = sessions.getByTitle(safariOnMac).first();
  await expect(device).toHaveText('Safari on macOS');
  await agencyOnMac.dispose();
});
