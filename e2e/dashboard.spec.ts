import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test, withoutPageAnswers } from './fixtures.ts';

type UserProjects = { output: { projects: { title: string }[] } };

/** Signs in and returns the projects the app itself received from GET /api/user-projects. */
async function signInAndLoadProjects(page: Page, email: string): Promise<UserProjects['output']['projects']> {
  const loaded = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/user-projects' && response.request().method() === 'GET',
  );
  await signIn(page, email);
  const response = await loaded;
  expect(response.status()).toBe(200);
  return ((await response.json()) as UserProjects).output.projects;
}

test("the developer's dashboard shows their projects as cards with titles and loaded images", async ({
  page,
}) => {
  const projects = await signInAndLoadProjects(page, DEMO.developer);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('banner').getByText('Dashboard', { exact: true })).toBeVisible();

  const cards = page.getByTestId('project-card');
  await expect(cards.nth(4)).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(5);

  const knownTitles = projects.map((project) => project.title.trim()).filter((title) => title !== '');
  const shownTitles = new Set<string>();
  for (let index = 0; index < count; index += 1) {
    const card = cards.nth(index);
    const text = (await card.textContent()) ?? '';
    const title = knownTitles.find((candidate) => text.includes(candidate));
    expect(title, `card ${index + 1} shows the title of one of the user's projects:\n${text}`).toBeTruthy();
    shownTitles.add(title ?? '');

    const images = card.locator('img');
    expect(await images.count(), `card "${title}" has an image`).toBeGreaterThan(0);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(
          () => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0)),
          {
            message: `an image of "${title}" loaded`,
          },
        )
        .toBeGreaterThan(0);
    }
  }
  expect(shownTitles.size, 'every card shows a different project').toBe(count);
});

test('a user without projects sees the empty state and no project cards', async ({ page }) => {
  const projects = await signInAndLoadProjects(page, DEMO.marketer);
  expect(projects).toEqual([]);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('banner').getByText('Dashboard', { exact: true })).toBeVisible();
  await expect(page.getByText('No projects yet')).toBeVisible();
  await expect(page.getByTestId('project-card')).toHaveCount(0);
});

test('an unknown route shows the not-found page', async ({ page }) => {
  await page.goto('/no-such-page-here');
  await expect(page.getByText('Page not found')).toBeVisible();
});

/**
 * Holds a path's calls until `release` is called, so the page paints its loading state first however
 * slow the machine is (a fixed delay was shorter than a loaded machine's first paint).
 */
async function holdAnswers(page: Page, url: string): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

test('on a phone the dashboard does not move when its projects and then its key figures arrive', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.developer);
  // The projects as they come when not sent with the page (decision 048), or after a client-side visit.
  await withoutPageAnswers(page);
  const projects = await holdAnswers(page, '**/api/user-projects');
  const figures = await holdAnswers(page, '**/api/reporting/listing-performance?*');
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const sources = entry.sources.map((source) => source.node?.textContent?.slice(0, 40) ?? '?');
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Loading projects' })).toBeVisible();
  // The loading state is replaced by new elements, which the layout-shift API does not count as
  // moving: so the heading's place is compared before and after.
  const heading = page.getByRole('heading', { name: 'Your projects' });
  await expect(heading).toBeVisible();
  const headingWhileLoading = await heading.boundingBox();
  projects.release();
  await expect(page.getByRole('region', { name: 'Loading projects' })).toBeHidden();
  expect((await heading.boundingBox())?.y, 'the heading stays where it was while loading').toBeCloseTo(
    headingWhileLoading?.y ?? Number.NaN,
    0,
  );
  await expect(page.getByTestId('project-card').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Loading key figures' })).toBeVisible();
  figures.release();
  await expect(page.getByRole('region', { name: 'Last 30 days' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Loading key figures' })).toBeHidden();
  const shifts = await page.evaluate(
    () => (window as unknown as { layoutShifts: { value: number; sources: string[] }[] }).layoutShifts,
  );
  // Under load a transient element at the top of the screen moves by a pixel or two (a few
  // thousandths in all); figures arriving in placeholders of the wrong height moved the cards 0.083.
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  expect(total, `layout shifts while the dashboard loaded: ${JSON.stringify(shifts)}`).toBeLessThan(0.01);
});

test('the key figures are asked for once, though the loading view and then the page both show them', async ({
  page,
}) => {
  await signIn(page, DEMO.developer);
  await withoutPageAnswers(page);
  const projects = await holdAnswers(page, '**/api/user-projects');
  const figures = await holdAnswers(page, '**/api/reporting/listing-performance?*');
  const askedForAll: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/reporting/listing-performance' && !url.searchParams.has('projectIds'))
      askedForAll.push(url.search);
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Loading projects' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Loading key figures' })).toBeVisible();
  // The figures' call is still out when the loading view gives way to the page.
  projects.release();
  await expect(page.getByTestId('project-card').first()).toBeVisible();
  figures.release();
  await expect(page.getByRole('region', { name: 'Last 30 days' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(askedForAll, 'one call for the figures of every project').toHaveLength(1);
});

test("the dashboard's page names its answers' schema modules and its first row's photos as preloads, and uses them", async ({
  page,
}) => {
  await signIn(page, DEMO.developer);
  await expect(page.getByTestId('project-card').first()).toBeVisible();
  const html = await (await page.request.get('/dashboard')).text();
  const hrefs = (pattern: RegExp) => [...html.matchAll(pattern)].map(([, href]) => href!);
  const modules = hrefs(/<link rel="modulepreload" crossorigin href="([^"]+)">/g);
  const photos = hrefs(/<link rel="preload" as="image" href="([^"]+)"/g);
  expect(
    modules.some((href) => /\/assets\/user-projects-schema-[\w-]+\.js$/.test(href)),
    modules.join(),
  ).toBe(true);
  expect(
    modules.some((href) => /\/assets\/session-schema-[\w-]+\.js$/.test(href)),
    modules.join(),
  ).toBe(true);
  expect(photos.length).toBeGreaterThan(0);

  const loaded: string[] = [];
  page.on('requestfinished', (request) => loaded.push(new URL(request.url()).pathname));
  await page.goto('/dashboard');
  await expect(page.getByTestId('project-card').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Every file the page names is one this build has and the page goes on to use.
  for (const href of [...modules, ...photos])
    expect(loaded, href).toContain(new URL(href, page.url()).pathname);
});

test('a signed-in page comes with its session and projects: the dashboard asks for neither, and after /logout the sign-in page asks', async ({
  page,
}) => {
  await signIn(page, DEMO.developer);
  // The dashboard the sign-in went to asks for both itself (no page came with it): let it finish.
  await expect(page.getByTestId('project-card').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/auth/get-session' || pathname === '/api/user-projects') asked.push(pathname);
  });

  await page.goto('/dashboard');
  await expect(page.getByTestId('project-card').first()).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Live/ }),
  ).toBeVisible();
  expect(asked, 'calls answered inside the page are not asked again').toEqual([]);

  // /logout is a first page too: the session it was sent with must not be read after the sign-out.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?redirect=%2Fdashboard');
});

test("the server paints the dashboard (decision 050): the page is there before the app's script runs, and the app takes it over", async ({
  page,
  allowConsoleErrors,
}) => {
  await signIn(page, DEMO.developer);
  await expect(page.getByTestId('project-card').first()).toBeVisible();
  const account = (await (await page.request.get('/api/user-projects')).json()) as UserProjects;
  const titles = account.output.projects.map((project) => project.title.trim()).filter(Boolean);

  // The app's first chunk never arrives: what shows is the server's paint, styled by its stylesheets.
  allowConsoleErrors(/Failed to load resource/);
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/dashboard');
  const cards = page.getByTestId('project-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBe(titles.length);
  for (const title of titles) await expect(page.getByText(title, { exact: true })).toBeVisible();
  await expect(page.getByText(/^Live \(\d+\)$/)).toBeVisible();
  await expect(page.getByText('Your projects', { exact: true })).toBeVisible();
  // Inert until the app takes over: nothing on it can be clicked or focused only to do nothing, and
  // nothing found by its role (as assistive technology finds it).
  await expect(page.locator('#root > div[inert]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /Filters/ })).toHaveCount(0);
  // Drawn with the frame's and the cards' styles: the card is a bordered box, not bare text.
  const border = await cards.first().evaluate((card) => getComputedStyle(card).borderTopWidth);
  expect(border).not.toBe('0px');

  // With its script, the app takes the page over: its key figures arrive, its controls answer.
  await page.unroute(/\/assets\/index-[\w-]+\.js$/);
  await page.goto('/dashboard');
  await expect(page.getByText(/on the previous 30 days/).first()).toBeVisible();
  await page.getByRole('button', { name: /Filters/ }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await cards.count()).toBe(titles.length);
  await expect(page.locator('#root > div[inert]')).toHaveCount(0);
});
