import { STORAGE_KEYS } from '@offplan/shared';
import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures.ts';

/*
 * The web frame (issue 4 items 1-5, 8): main layout, settings sidebar, preferences, logout cleanup,
 * mobile rules and retired addresses. Spec §2, §4, §9; decision 016.
 */

const PRODUCT = 'Offplan';

type Counts = { projects: number; recommended: number; pending: number };

/** Signs in and returns the account counts the app itself received from GET /api/user-projects. */
async function signInWithCounts(page: Page, email: string): Promise<Counts> {
  const loaded = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/user-projects' && response.request().method() === 'GET',
  );
  await signIn(page, email);
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toBeVisible();
  const body = (await (await loaded).json()) as {
    output: { projectIds: number[]; recommendedProjectIds: number[]; projectRequestsIds: number[] };
  };
  return {
    projects: body.output.projectIds.length,
    recommended: body.output.recommendedProjectIds.length,
    pending: body.output.projectRequestsIds.length,
  };
}

const pageTitle = (page: Page) => page.getByRole('banner').getByRole('heading', { level: 1 });

/** Signs in and waits for the main layout to be drawn (its shortcuts and stores are live then). */
async function signInToFrame(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await expect(pageTitle(page)).toBeVisible();
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/**
 * The sidebar's internal navigation links as [label, path], once the sidebar has stopped changing.
 * Each read takes every label with its own link in one go: reading them link by link paired one link's
 * label with the next one's path when an item came in meanwhile (a CI run under load: 'Listing
 * Performance → /users').
 */
async function navLinks(page: Page): Promise<Array<[string, string]>> {
  const links = sidebar(page).getByTestId('navigation-links').locator('a[href^="/"]:not([target])');
  await expect(links.first()).toBeVisible();
  const read = () =>
    links.evaluateAll((anchors) =>
      anchors.map((anchor): [string, string] => [
        (anchor.textContent ?? '').trim(),
        anchor.getAttribute('href') ?? '',
      ]),
    );
  let previous = JSON.stringify(await read());
  await expect
    .poll(async () => {
      const current = JSON.stringify(await read());
      const settled = current === previous;
      previous = current;
      return settled;
    })
    .toBe(true);
  return JSON.parse(previous) as Array<[string, string]>;
}

const firstSegment = (path: string) => path.split(/[?#]/)[0]?.split('/').find(Boolean) ?? '';
const withoutCount = (label: string) => label.replace(/\s*\(\d+\)$/, '');

/**
 * Spec §2: the title is the first navigation item whose url has the same first path segment; the
 * project group's 'Live' item is the Projects page.
 */
function expectedTitle(path: string, links: Array<[string, string]>): string {
  const match = links.find(([, href]) => firstSegment(href) === firstSegment(path));
  const label = withoutCount(match?.[0] ?? '');
  return label === 'Live' ? 'Projects' : label;
}

async function expectTitlesOfEveryMenuRoute(page: Page) {
  const links = await navLinks(page);
  expect(links.length).toBeGreaterThan(0);
  for (const [label, href] of links) {
    const link = sidebar(page).locator(`a[href="${href}"]`).first();
    // A group's heading (Reporting, spec §2 "with children") opens its pages instead of leaving this
    // one; the loop visits those pages next.
    const headsGroup =
      (await link.locator('xpath=following-sibling::*[1][contains(@class, "NavLink-collapse")]').count()) > 0;
    await link.click();
    if (headsGroup) {
      await expect(link).toHaveAttribute('data-expanded', 'true');
      continue;
    }
    await expect(page).toHaveURL(href);
    await expect(pageTitle(page), `${label} → ${href}`).toHaveText(expectedTitle(href, links));
    await expect(page).toHaveTitle(`${expectedTitle(href, links)} · ${PRODUCT} Portal`);
  }
}

test('every built menu route of the developer is titled by the spec rule, and the empty path is Dashboard', async ({
  page,
}) => {
  await signInWithCounts(page, DEMO.developer);
  await expectTitlesOfEveryMenuRoute(page);
  await page.goto('/');
  await expect(pageTitle(page)).toHaveText('Dashboard');
});

test("every built admin menu route is titled by the spec rule, and /profile/{id} is 'User Profile'", async ({
  page,
}) => {
  // Fifteen admin pages, each waiting for its data: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await signInToFrame(page, DEMO.admin);
  await expectTitlesOfEveryMenuRoute(page);

  await page.goto('/users');
  const profileLink = page.locator('a[href^="/profile/"]').first();
  await expect(profileLink).toBeVisible();
  await profileLink.click();
  await expect(page).toHaveURL(/\/profile\/[^/]+$/);
  await expect(pageTitle(page)).toHaveText('User Profile');
});

test('the developer sees Live, Recommended and Awaiting Access with their counts and the dashboard link', async ({
  page,
}) => {
  const counts = await signInWithCounts(page, DEMO.developer);
  // README: 8 projects, 3 recommended, 1 pending request (other tests may add or withdraw some).
  expect(counts.projects).toBeGreaterThan(0);
  expect(counts.recommended).toBeGreaterThan(0);
  expect(counts.pending).toBeGreaterThan(0);
  const nav = sidebar(page);
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: `Live (${counts.projects})`, exact: true })).toBeVisible();
  await expect(
    nav.getByRole('link', { name: `Recommended (${counts.recommended})`, exact: true }),
  ).toBeVisible();
  await expect(
    nav.getByRole('link', { name: `Awaiting Access (${counts.pending})`, exact: true }),
  ).toBeVisible();
  await expect(nav.getByText(`${PRODUCT} Admin`)).toHaveCount(0);
});

test('the marketer without projects, recommendations or requests gets no project items and no dashboard link', async ({
  page,
}) => {
  const counts = await signInWithCounts(page, DEMO.marketer);
  expect(counts).toEqual({ projects: 0, recommended: 0, pending: 0 });
  const nav = sidebar(page);
  await expect(nav.getByText('Get in touch with the Offplan team')).toBeVisible();
  for (const name of [/^Live/, /^Recommended/, /^Awaiting Access/, /^Dashboard$/])
    await expect(nav.getByRole('link', { name })).toHaveCount(0);
  await expect(nav.getByText(`${PRODUCT} Admin`)).toHaveCount(0);
});

test('the admin gets the admin section but no project items and no dashboard link', async ({ page }) => {
  await signInToFrame(page, DEMO.admin);
  // Issue 22 part 4: an admin's home is /users, not the dashboard.
  await expect(page).toHaveURL((url) => url.pathname === '/users');
  const nav = sidebar(page);
  await expect(nav.getByText(`${PRODUCT} Admin`)).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users', exact: true })).toBeVisible();
  for (const name of [/^Live/, /^Recommended/, /^Awaiting Access/, /^Dashboard$/])
    await expect(nav.getByRole('link', { name })).toHaveCount(0);
});

test('the frame shows the spec texts: contact block, terms, copyright, header controls and settings', async ({
  page,
}) => {
  await signInToFrame(page, DEMO.marketer);
  const nav = sidebar(page);
  const block = nav.getByRole('region', { name: 'Get in touch with the Offplan team' });
  await expect(block).toBeVisible();
  for (const text of [
    'Need help using Portal?',
    'Have feedback about Portal?',
    'Want to increase your lead volumes?',
  ])
    await expect(block.getByText(text, { exact: true })).toBeVisible();
  for (const name of ['Get in touch', 'Give us your thoughts', 'Speak to our team'])
    await expect(block.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Terms & Conditions' })).toBeVisible();
  await expect(nav.getByText(`© ${new Date().getFullYear()} ${PRODUCT}`)).toBeVisible();

  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await header.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  await expect(settings.getByText('Toggle sidebar')).toBeVisible();
  await expect(settings.getByText('Colors', { exact: true })).toBeVisible();
  await expect(settings.getByText('Background', { exact: true })).toBeVisible();
  await expect(settings.getByText('Light', { exact: true })).toBeVisible();
  await expect(settings.getByText('Dark', { exact: true })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await header.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Return to Admin' })).toHaveCount(0);
  await expect(page.getByRole('menu').getByText(DEMO.marketer)).toBeVisible();
});

test("the header's and the dashboard's pop-ups, loaded on first use, open from the keyboard and give the focus back on Escape", async ({
  page,
}) => {
  // A cold page load: their code is not in until one of them is used (issue 21, decision 044).
  await signIn(page, DEMO.developer);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Your projects' })).toBeVisible();
  const header = page.getByRole('banner');

  const account = header.getByRole('button', { name: 'Account menu' });
  await account.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(header.getByRole('button', { name: 'Account menu' })).toBeFocused();
  // Loaded now: a press opens it as before.
  await header.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await page.keyboard.press('Escape');

  const bell = header.getByTestId('notification-bell');
  await bell.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('notification-list')).toBeVisible();
  await expect(header.getByTestId('notification-bell')).toBeFocused();
  await expect(header.getByTestId('notification-bell')).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('notification-list')).toBeHidden();

  const filters = page.getByRole('button', { name: /Filters/ });
  await filters.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Filters/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeHidden();
  await page.getByRole('button', { name: /Filters/ }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  await page.getByRole('button', { name: /Filters/ }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeHidden();
});

test('the contact links: external ones open a new tab after the delay, feedback navigates, terms open an 800x800 popup', async ({
  page,
  context,
}) => {
  await signInToFrame(page, DEMO.marketer);
  // The contact-us page is outside this machine's reach: answer it locally.
  await context.route('https://www.offplan.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Contact us</title>' }),
  );
  const block = sidebar(page).getByRole('region', { name: 'Get in touch with the Offplan team' });
  // Records each window.open (time after the click, address, features) and still opens the window.
  await page.evaluate(() => {
    const calls: Array<{ after: number; url: string; target: string; features: string }> = [];
    (window as unknown as { openCalls: typeof calls }).openCalls = calls;
    const original = window.open.bind(window);
    let clickedAt = 0;
    document.addEventListener(
      'click',
      () => {
        clickedAt = performance.now();
      },
      true,
    );
    window.open = (url, target, features) => {
      calls.push({
        after: performance.now() - clickedAt,
        url: String(url),
        target: String(target),
        features: String(features),
      });
      return original(url, target, features);
    };
  });
  const openCalls = () => page.evaluate(() => (window as unknown as { openCalls: unknown[] }).openCalls);

  const [contactTab] = await Promise.all([
    context.waitForEvent('page'),
    block.getByRole('link', { name: 'Get in touch', exact: true }).click(),
  ]);
  await expect(contactTab).toHaveURL('https://www.offplan.example/contact-us');
  await contactTab.close();
  const [contactCall] = (await openCalls()) as Array<{ after: number; url: string; target: string }>;
  expect(contactCall?.url).toBe('https://www.offplan.example/contact-us');
  expect(contactCall?.target).toBe('_blank');
  expect(contactCall?.after).toBeGreaterThanOrEqual(95);

  const [legal] = await Promise.all([
    context.waitForEvent('page'),
    sidebar(page).getByRole('link', { name: 'Terms & Conditions' }).click(),
  ]);
  await legal.waitForLoadState();
  expect(new URL(legal.url()).pathname).toBe('/terms');
  const legalCall = ((await openCalls()) as Array<{ url: string; features: string }>)[1];
  expect(legalCall).toEqual(
    expect.objectContaining({ url: '/terms', features: 'popup=yes,width=800,height=800' }),
  );
  await legal.close();

  await block.getByRole('link', { name: 'Give us your thoughts', exact: true }).click();
  await expect(page).toHaveURL(/\/feedback$/);
  expect(context.pages()).toHaveLength(1);
});

test('ctrl+i and the Background choice switch the theme, and the choice survives a reload', async ({
  page,
  allowConsoleErrors,
}) => {
  await signInToFrame(page, DEMO.marketer);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

  await page.keyboard.press('Control+i');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.siteColor)).toBe('dark');
  await page.reload();
  await expect(pageTitle(page)).toBeVisible();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

  // Before the app runs at all, the page is already dark: no light flash while it loads. What shows
  // is the server's paint of the page (decision 050), inert until the app takes over.
  allowConsoleErrors('Failed to load resource');
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.locator('#root > div[inert]')).toHaveCount(1);
  await page.unroute(/\/assets\/.*\.js$/);
  await page.reload();
  await expect(pageTitle(page)).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByText('Light', { exact: true }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.reload();
  await expect(pageTitle(page)).toBeVisible();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.siteColor)).toBe('light');
});

async function expectNavbarCollapsed(page: Page, collapsed: boolean) {
  await expect(
    page.getByRole('banner').getByRole('button', { name: collapsed ? 'Expand sidebar' : 'Collapse sidebar' }),
  ).toBeVisible();
  if (collapsed) await expect(sidebar(page)).not.toBeInViewport();
  else await expect(sidebar(page)).toBeInViewport();
}

test('the collapse toggle and the Toggle sidebar switch fold the sidebar, and it stays folded after a reload', async ({
  page,
}) => {
  await signInToFrame(page, DEMO.marketer);
  await expectNavbarCollapsed(page, false);
  await page.getByRole('banner').getByRole('button', { name: 'Collapse sidebar' }).click();
  await expectNavbarCollapsed(page, true);
  await page.reload();
  await expectNavbarCollapsed(page, true);

  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const toggle = page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('switch', { name: 'Toggle sidebar' });
  await expect(toggle).toBeChecked();
  // The settings drawer slides in: click once it is in (on a busy machine the slide outlasts the lookup).
  await expect(toggle).toBeInViewport();
  await toggle.click({ force: true });
  await expect(toggle).not.toBeChecked();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.toggleSidebar)).toBe('false');
  await page.reload();
  await expectNavbarCollapsed(page, false);
});

test('logout clears exactly the spec list of local state and nothing else', async ({ page }) => {
  await signInToFrame(page, DEMO.marketer);
  await page.keyboard.press('Control+i');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByRole('banner').getByRole('button', { name: 'Collapse sidebar' }).click();
  await page.evaluate((keys) => {
    localStorage.setItem(
      keys.dashboardFilters,
      JSON.stringify({ state: { filters: { premium: false } }, version: 0 }),
    );
    localStorage.setItem(
      keys.dashboardSort,
      JSON.stringify({ state: { sort: { by: 'title', order: 'asc' } }, version: 0 }),
    );
    localStorage.setItem(keys.reportFilterMarker, 'true');
    localStorage.setItem(keys.reportingSelections, '{"selectedProjects":[1]}');
    localStorage.setItem('frame-e2e-unrelated', 'kept');
  }, STORAGE_KEYS);
  // The stores read their keys on load.
  await page.reload();
  await expect(pageTitle(page)).toBeVisible();
  const before = await page.evaluate(() => ({ ...localStorage }));
  expect(before[STORAGE_KEYS.siteColor]).toBe('dark');
  expect(before[STORAGE_KEYS.toggleSidebar]).toBe('true');

  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  const after = await page.evaluate(() => ({ ...localStorage }));

  expect(after[STORAGE_KEYS.siteColor]).toBe('light');
  expect(after[STORAGE_KEYS.toggleSidebar]).toBe('false');
  expect(
    Object.values(JSON.parse(after[STORAGE_KEYS.dashboardFilters] ?? '{}').state.filters).every(Boolean),
  ).toBe(true);
  expect(after[STORAGE_KEYS.dashboardSort]).toBeUndefined();
  expect(after[STORAGE_KEYS.reportFilterMarker]).toBeUndefined();
  expect(after[STORAGE_KEYS.reportingSelections]).toBeUndefined();
  expect(after['frame-e2e-unrelated']).toBe('kept');
  // Nothing else of the frame's list changed hands: every other key is as it was, or analytics' own.
  const listed = new Set<string>([
    STORAGE_KEYS.siteColor,
    STORAGE_KEYS.toggleSidebar,
    STORAGE_KEYS.dashboardFilters,
    STORAGE_KEYS.dashboardSort,
    STORAGE_KEYS.reportFilterMarker,
    STORAGE_KEYS.reportingSelections,
  ]);
  const unlistedRemoved = Object.keys(before).filter((key) => !listed.has(key) && !(key in after));
  // analytics.reset() gives the next visitor new ids (decision 015); that is the analytics issue's part.
  expect(unlistedRemoved.filter((key) => !key.startsWith('offplan.analytics.'))).toEqual([]);
});

test.describe('mobile (375 px, spec §4)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  async function openSidebar(page: Page): Promise<Locator> {
    await page.getByTestId('header-logo-button').click();
    const nav = sidebar(page);
    await expect(nav).toBeInViewport();
    return nav;
  }

  test('hides the settings toggle; the logo button toggles the sidebar; a nav item or contact link closes it', async ({
    page,
  }) => {
    await signInToFrame(page, DEMO.developer);
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Settings' })).toBeHidden();
    await expect(header.getByRole('button', { name: 'Collapse sidebar' })).toBeHidden();
    await expect(sidebar(page)).not.toBeInViewport();

    let nav = await openSidebar(page);
    await page.getByTestId('navbar-logo-button').click();
    await expect(nav).not.toBeInViewport();

    nav = await openSidebar(page);
    await nav.getByRole('link', { name: /^Live \(\d+\)$/ }).click();
    await expect(page).toHaveURL('/projects');
    await expect(nav).not.toBeInViewport();

    nav = await openSidebar(page);
    await nav.getByRole('link', { name: 'Give us your thoughts' }).click();
    await expect(page).toHaveURL(/\/feedback$/);
    await expect(nav).not.toBeInViewport();
  });
});

test('a progress bar shows while a route change waits for its data, and goes when the page is in', async ({
  page,
}) => {
  await signInToFrame(page, DEMO.admin);
  await page.goto('/profile');
  await expect(pageTitle(page)).toHaveText('My profile');
  // The users list is what /users waits for: hold it for a second.
  await page.route(
    (url) => url.pathname === '/api/admin/users',
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    },
  );
  const bar = page.locator('[aria-label="Loading page"]');
  await sidebar(page).getByRole('link', { name: 'Users', exact: true }).click();
  const progress = async () => Number(await bar.getAttribute('aria-valuenow'));
  await expect.poll(progress, { message: 'the bar moves while the page loads' }).toBeGreaterThan(0);
  await expect(pageTitle(page)).toHaveText('Users');
  await expect.poll(progress, { message: 'the bar finishes and resets' }).toBe(0);
});

test('the retired addresses answer a permanent redirect from the server', async ({ request }) => {
  for (const [from, to] of [
    ['/login-2', '/login'],
    ['/login-3', '/login'],
    ['/sidebars', '/dashboard'],
  ] as const) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(response.headers().location, from).toBe(to);
  }
});

test('campaign and visitor ids of the landing URL are kept by the frame (spec §2 query parameters)', async ({
  page,
}) => {
  await page.goto('/login?iterableEmailCampaignId=frame-campaign-7&csl=frame-visitor-7');
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  const campaign = () => page.evaluate(() => localStorage.getItem('offplan.analytics.campaign-id'));
  expect(await campaign()).toBe('frame-campaign-7');
  // csl: the signed-out visitor's identity.
  expect(await page.evaluate(() => localStorage.getItem('offplan.analytics.device-id'))).toBe(
    'frame-visitor-7',
  );
  await signInToFrame(page, DEMO.marketer);
  await expect(pageTitle(page)).toBeVisible();
  expect(await campaign()).toBe('frame-campaign-7');
});
