import { DEMO, emailInput, expect, signIn, submitSignIn, test, withoutPageAnswers } from './fixtures.ts';

test('a signed-out visit to a protected page goes to /login with a redirect, and back there after sign-in', async ({
  page,
}) => {
  await page.goto('/dashboard?sort=title');
  await expect(page).toHaveURL('/login?redirect=%2Fdashboard%3Fsort%3Dtitle');

  await signIn(page, DEMO.developer);
  await expect(page).toHaveURL('/dashboard?sort=title');
});

test('a wrong password shows an error and stays on /login with the typed email kept', async ({
  page,
  allowConsoleErrors,
}) => {
  // The browser logs the refused sign-in call itself; that one is expected.
  allowConsoleErrors(/status of 401 .*\/api\/auth\/sign-in\/email/);
  await page.goto('/login');
  const refused = page.waitForResponse(
    (response) => response.url().includes('/api/auth/sign-in/') && response.request().method() === 'POST',
  );

  await submitSignIn(page, DEMO.developer, 'not-the-password-2026');

  expect((await refused).status()).toBe(401);
  await expect(page.getByText('Incorrect email or password.')).toBeVisible();
  await expect(page).toHaveURL('/login');
  await expect(emailInput(page)).toHaveValue(DEMO.developer);
});

test('an account whose email is not verified lands on /verify-email', async ({ page }) => {
  await signIn(page, DEMO.unverified);
  await expect(page).toHaveURL((url) => url.pathname === '/verify-email');
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
});

test('signing out through the avatar menu lands on /login and the session is gone', async ({ page }) => {
  await signIn(page, DEMO.developer);
  await expect(page).toHaveURL('/dashboard');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');

  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?redirect=%2Fdashboard');
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
});

test('a session lost during the first navigation after sign-in goes back to sign-in, not to an error page', async ({
  page,
  allowConsoleErrors,
}) => {
  // The server ends the session between sign-in and the dashboard's first call (stood in for here).
  allowConsoleErrors(/status of 401 .*\/api\/user-projects/);
  await page.route('**/api/user-projects', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'SessionRequired', message: 'You need to be signed in to do that.' },
      }),
    }),
  );

  await signIn(page, DEMO.developer);

  await expect(page).toHaveURL('/login?error=SessionRequired&redirect=%2Fdashboard');
  await expect(page.getByText('Please sign in to continue.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
});

test('a call refused with EMAIL_NOT_VERIFIED goes to /verify-email', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 403 .*\/api\/user-projects/);
  await signIn(page, DEMO.developer);
  await expect(page).toHaveURL('/dashboard');
  // The server would refuse once the account's email is no longer verified (stood in for here); it
  // then sends the page without the account state (decision 048), and the app's own call is refused.
  await withoutPageAnswers(page);
  await page.route('**/api/user-projects', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'EMAIL_NOT_VERIFIED', message: 'Verify your email address to continue.' },
      }),
    }),
  );

  await page.reload();

  await expect(page).toHaveURL('/verify-email?error=EMAIL_NOT_VERIFIED');
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
});

test('a signed-in visit to /login with an unsafe redirect goes to the dashboard', async ({ page }) => {
  await signIn(page, DEMO.developer);
  await expect(page).toHaveURL('/dashboard');

  for (const unsafe of ['/\t/evil.example', '/%2F%2Fevil.example', '/.//evil.example']) {
    await page.goto(`/login?${new URLSearchParams({ redirect: unsafe })}`);
    await expect(page, `redirect=${JSON.stringify(unsafe)}`).toHaveURL('/dashboard');
    await expect(page.getByRole('banner').getByText('Dashboard', { exact: true })).toBeVisible();
  }
});

test("the sign-in page downloads better-auth's client only once the visitor reaches for the form", async ({
  page,
}) => {
  const authClientChunk = /\/assets\/auth-client-modules-[\w-]+\.js$/;
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requested.filter((url) => authClientChunk.test(url))).toEqual([]);

  const loaded = page.waitForRequest((request) => authClientChunk.test(request.url()));
  await emailInput(page).focus();
  await loaded;
});

test("the server paints the sign-in page for a visitor (decision 050): the form is there before the app's script runs, and the app takes it over", async ({
  page,
  allowConsoleErrors,
}) => {
  // The app's first chunk never arrives: what shows is the server's paint, styled by its stylesheets.
  allowConsoleErrors(/Failed to load resource/);
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/login');
  const painted = page.locator('#root > div[inert]');
  await expect(painted).toHaveCount(1);
  await expect(painted.getByText('Sign in', { exact: true }).first()).toBeVisible();
  await expect(painted.locator('input[type="email"]')).toBeVisible();
  // Inert until the app takes over: found by no role, as assistive technology finds nothing there.
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toHaveCount(0);
  // Styled before any script: the button is the brand's filled button, not a bare grey one.
  const background = await painted
    .getByText('Sign in', { exact: true })
    .last()
    .evaluate((label) => getComputedStyle(label.closest('button') ?? label).backgroundColor);
  expect(background).not.toBe('rgba(0, 0, 0, 0)');
  expect(background).not.toBe('rgb(239, 239, 239)');

  // With its script, the app takes the page over and the form signs in.
  await page.unroute(/\/assets\/index-[\w-]+\.js$/);
  await page.goto('/login');
  await signIn(page, DEMO.developer);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.locator('#root > div[inert]')).toHaveCount(0);
});
