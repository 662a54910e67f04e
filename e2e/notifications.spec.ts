import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures.ts';
import { apiAs, latestMessage, linkIn, newApi, newEmail } from './mailbox.ts';

const PASSWORD = 'notification bell e2e password';
const THUMBNAIL = '/project-placeholder.svg';

/** A fresh portal user (invited, activated, role chosen) made by the real calls; nobody else's messages touch it. */
async function freshUser(admin: APIRequestContext, baseURL: string, clientAddress: string, label: string) {
  const email = newEmail(label);
  const invited = await admin.post('/api/admin/invitations', {
    data: { email, firstName: 'Nora', lastName: 'Notified' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = new URL(`http://x${linkIn(await latestMessage(admin, email), '/activate')}`).searchParams.get(
    'token',
  );
  const user = await newApi(baseURL, clientAddress);
  const activated = await user.post('/api/auth/invitation/activate', { data: { token, password: PASSWORD } });
  expect(activated.status(), await activated.text()).toBe(200);
  const role = await user.post('/api/account/role', { data: { roleId: 1 } });
  expect(role.status(), await role.text()).toBe(200);
  return { email, api: user };
}

type Sent = { messageId: string; title: string; opens: number; clicks: number; reads: number };
async function sentMessage(admin: APIRequestContext, title: string) {
  const { items } = (await (await admin.get('/api/admin/messages')).json()) as { items: Sent[] };
  return items.find((item) => item.title === title);
}

const bell = (page: Page) => page.getByTestId('notification-bell');
const unreadDot = (page: Page) => page.getByTestId('notification-unread-dot');

test('an admin composes messages to a user; the user sees the dot, opens the bell, and clicks one', async ({
  page,
  browser,
  baseURL,
  clientAddress,
}) => {
  // An invited user activated, two messages composed in the UI, two sign-ins: past 30 s on a busy machine.
  test.setTimeout(60_000);
  const admin = await apiAs(baseURL!, clientAddress);
  const user = await freshUser(admin, baseURL!, clientAddress, 'bell');
  const stamp = Date.now();
  const plainTitle = `Plain news ${stamp}`;
  const richTitle = `Rich news ${stamp}`;

  // The admin uses the composer page.
  const adminContext = await browser.newContext({
    baseURL: baseURL!,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress },
  });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, DEMO.admin);
  await adminPage.goto('/messages');
  const form = adminPage.getByRole('form', { name: 'Compose message' });
  for (const [title, body, thumbnail] of [
    [plainTitle, '<p>Hello <b>plain</b> reader</p>', ''],
    [richTitle, '<p>Hello <b>rich</b> reader</p>', THUMBNAIL],
  ] as const) {
    await form.getByText('User', { exact: true }).click();
    await form.getByLabel('User email').fill(user.email);
    await form.getByLabel(/^Title/).fill(title);
    await form.getByLabel(/^Body/).fill(body);
    await form.getByLabel('Call-to-action link').fill('https://example.com/launch');
    await form.getByLabel('Call-to-action label').fill('See the launch');
    await form.getByLabel('Thumbnail').fill(thumbnail);
    await form.getByRole('combobox', { name: 'Trigger' }).click();
    await adminPage.getByRole('option', { name: 'Never' }).click();
    if (thumbnail)
      await expect(
        adminPage.getByTestId('message-preview').locator('b', { hasText: 'rich' }).first(),
      ).toBeVisible();
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(adminPage.getByRole('row').filter({ hasText: title })).toBeVisible();
  }
  await adminContext.close();

  await signIn(page, user.email, PASSWORD);
  await expect(unreadDot(page)).toBeVisible();
  await bell(page).click();
  const list = page.getByTestId('notification-list');
  const plain = list.getByTestId('notification-item').filter({ hasText: plainTitle });
  const rich = list.getByTestId('notification-item').filter({ hasText: richTitle });
  await expect(plain).toBeVisible();
  await expect(rich).toBeVisible();
  // Without a thumbnail the body is plain text; with one it is (sanitised) HTML.
  await expect(plain.locator('b')).toHaveCount(0);
  await expect(plain).toContainText('Hello plain reader');
  await expect(rich.locator('b', { hasText: 'rich' }).first()).toBeVisible();
  await expect(rich.getByRole('link', { name: 'See the launch' })).toHaveAttribute(
    'href',
    'https://example.com/launch',
  );
  // Read 500 ms after opening: the dot goes, and the server recorded the open and the read.
  await expect(plain).toHaveAttribute('data-read', 'true');
  await expect(unreadDot(page)).toHaveCount(0);
  await expect.poll(async () => (await sentMessage(admin, plainTitle))?.opens).toBe(1);
  await expect.poll(async () => (await sentMessage(admin, richTitle))?.reads).toBe(1);

  await plain.getByText(plainTitle).click();
  await expect.poll(async () => (await sentMessage(admin, plainTitle))?.clicks).toBe(1);
  expect((await sentMessage(admin, richTitle))?.clicks).toBe(0);

  // After a reload the server's read state holds: no dot.
  await page.reload();
  await expect(bell(page)).toBeVisible();
  await expect(unreadDot(page)).toHaveCount(0);
  await user.api.dispose();
  await admin.dispose();
});

test("a user with no messages sees 'You have no new notifications.'", async ({
  page,
  baseURL,
  clientAddress,
}) => {
  const admin = await apiAs(baseURL!, clientAddress);
  const user = await freshUser(admin, baseURL!, clientAddress, 'empty');
  await signIn(page, user.email, PASSWORD);
  await expect(bell(page)).toBeVisible();
  await expect(unreadDot(page)).toHaveCount(0);
  await bell(page).click();
  await expect(page.getByText('You have no new notifications.', { exact: true })).toBeVisible();
  await user.api.dispose();
  await admin.dispose();
});

test("a token or list asked for someone else's email is refused", async ({ baseURL, clientAddress }) => {
  const admin = await apiAs(baseURL!, clientAddress);
  const user = await freshUser(admin, baseURL!, clientAddress, 'other');
  const refused = await user.api.post('/api/notifications/token', {
    data: { data: { email: DEMO.developer } },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).not.toContain(DEMO.developer);
  const own = await user.api.post('/api/notifications/token', { data: { data: { email: user.email } } });
  const { token } = (await own.json()) as { token: string };
  const list = await user.api.get(`/api/notifications/${encodeURIComponent(DEMO.developer)}`, {
    headers: { 'x-notification-token': token },
  });
  expect(list.status()).toBe(403);
  const mine = await user.api.get(`/api/notifications/${encodeURIComponent(user.email)}`, {
    headers: { 'x-notification-token': token },
  });
  expect(mine.status()).toBe(200);
  await user.api.dispose();
  await admin.dispose();
});

/** Hostile bodies: each would set window.__xss or open a dialog if anything ran (see the web unit test). */
const XSS_PAYLOADS = [
  '<div onmouseover="window.__xss=\'hover\'" onclick="window.__xss=\'click\'">hover me</div>',
  '<script>window.__xss = "script"</script>',
  '<img src="x" onerror="window.__xss = \'img\'">',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:window.__xss=\'link\'">click me</a>',
  '<a href="&#106;avascript:window.__xss=\'entity\'">entity</a>',
  '<svg onload="window.__xss=\'svg\'"><circle r="5"/></svg>',
  '<svg><script>window.__xss="svgscript"</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=\'mxss\'">',
  '<iframe srcdoc="<script>parent.__xss=\'srcdoc\'</script>"></iframe>',
  '<iframe src="javascript:window.parent.__xss=\'iframe\'"></iframe>',
  '<object data="javascript:window.__xss=\'object\'"></object>',
  '<form action="javascript:window.__xss=\'form\'"><button>go</button></form>',
  '<details open ontoggle="window.__xss=\'toggle\'"><summary>s</summary></details>',
  '<input autofocus onfocus="window.__xss=\'focus\'">',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=\'meta\'">',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=\'noscript\'>">',
];

test('HTML bodies carrying scripts, handlers, javascript: links or SVG tricks run nothing', async ({
  page,
  baseURL,
  clientAddress,
  allowConsoleErrors,
}) => {
  // Chromium parses the hostile markup in the sanitiser's inert document and reports (as console
  // errors) that the page's CSP blocked the inline handlers it saw there; nothing runs either way.
  allowConsoleErrors('Executing inline event handler violates the following Content Security Policy');
  const admin = await apiAs(baseURL!, clientAddress);
  const user = await freshUser(admin, baseURL!, clientAddress, 'xss');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // Sent as the composer sends them, two payloads a message (the bell shows the newest 10): the bell
  // shows them as HTML (there is a thumbnail), and the last one also pops up.
  const bodies: string[] = [];
  for (let index = 0; index < XSS_PAYLOADS.length; index += 2)
    bodies.push(XSS_PAYLOADS.slice(index, index + 2).join(''));
  for (const [index, body] of bodies.entries()) {
    const sent = await admin.post('/api/admin/messages', {
      data: {
        audience: 'user',
        userEmail: user.email,
        title: `Payload ${index}`,
        body,
        thumbnail: THUMBNAIL,
        trigger: index === bodies.length - 1 ? 'immediate' : 'never',
        position: 'BottomRight',
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  await signIn(page, user.email, PASSWORD);
  await expect(page.getByTestId('in-app-message')).toBeVisible();
  await bell(page).click();
  const items = page.getByTestId('notification-list').getByTestId('notification-item');
  await expect(items).toHaveCount(bodies.length);
  for (const item of await items.all()) {
    await item.hover();
    for (const link of await item.locator('[data-testid="message-html"] a').all()) {
      await link.click({ modifiers: ['Alt'] }).catch(() => undefined);
    }
  }
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as Window & { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  const dangerous = await page.evaluate(
    () =>
      document.querySelectorAll(
        '[data-testid="message-html"] :is(script, svg, math, iframe, object, embed, form, input, style, meta), [data-testid="message-html"] [onerror], [data-testid="message-html"] [onload], [data-testid="message-html"] a[href^="javascript" i]',
      ).length,
  );
  expect(dangerous).toBe(0);
  await user.api.dispose();
  await admin.dispose();
});

test('the composer preview renders a hostile body inert', async ({ page, allowConsoleErrors }) => {
  // Chromium parses the hostile markup in the sanitiser's inert document and reports (as console
  // errors) that the page's CSP blocked the inline handlers it saw there; nothing runs either way.
  allowConsoleErrors('Executing inline event handler violates the following Content Security Policy');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(page, DEMO.admin);
  await page.goto('/messages');
  const form = page.getByRole('form', { name: 'Compose message' });
  await form.getByLabel('Thumbnail').fill(THUMBNAIL);
  await form.getByLabel(/^Body/).fill(XSS_PAYLOADS.join('\n'));
  const preview = page.getByTestId('message-preview');
  await expect(preview.getByText('hover me').first()).toBeVisible();
  await preview.getByText('hover me').first().hover();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as Window & { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
