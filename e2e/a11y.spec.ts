import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { MESSAGES, STORAGE_KEYS } from '@offplan/shared';
import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures.ts';
import { developerListing } from './listing-visitor.ts';

/*
 * Accessibility, WCAG 2.2 AA (issue 21 item 5; decision 043). axe-core runs on every route of the web app
 * in the light AND the dark scheme and the test fails on any serious or critical violation, naming the
 * rule, the nodes' selectors and the page.
 *
 * Which user opens which route (to stay within a few minutes on two workers):
 * - signed-out pages (sign-in, register, password reset, onboarding links, legal, landing, the public
 *   listing page, not found, maintenance) as a visitor;
 * - the admin section, /profile/{id} and the admin's dashboard as the platform admin;
 * - every other page as the developer;
 * - the agency and the marketer open their landing page and every page of their own sidebar that
 *   differs by role (the project lists and the dashboard);
 * - the unverified demo account opens /verify-email.
 * The route list is keyed by the route tree (apps/web/src/routeTree.gen.ts): a route added there and
 * not here fails the first test. Each signed-in test also fails when its user's sidebar shows a page
 * that no visit covers. Two dialogs are checked open (Invite user, the Ban confirmation).
 * The scheme is switched in place through the app's own colour store (the storage event its manager
 * listens to), so each page loads once; in dark only the colour rules run (see COLOUR_RULES).
 * Time: about 6 minutes on two workers on a shared 2-core machine at load average 18 (decision 043).
 */

type Who = 'visitor' | 'admin' | 'developer' | 'agency' | 'marketer' | 'unverified';

type Ids = { projectId: number; userId: string };

type Visit = {
  who: Who;
  /** The address opened; a function when it needs a demo record's id. */
  path: string | ((ids: Ids) => string);
  /** Where the app lands when it sends the visitor elsewhere on purpose. */
  landsOn?: RegExp;
  /** The server-rendered listing page has no dark scheme. */
  lightOnly?: boolean;
  /** A button that opens a dialog: the page is checked again with the dialog open. */
  dialog?: string;
};

/** Every full path of the route tree: the visits that cover it, or why none is needed. */
const ROUTES: Record<string, Visit[] | { notVisited: string }> = {
  '/': [{ who: 'visitor', path: '/', landsOn: /\/login/ }],
  '/logout': { notVisited: 'signs out and sends the visitor to /login, covered here' },
  '/login': [{ who: 'visitor', path: '/login' }],
  '/login/verify-otp': [{ who: 'visitor', path: '/login/verify-otp' }],
  '/login/verify-phone': [{ who: 'visitor', path: '/login/verify-phone' }],
  '/forgot-password': [{ who: 'visitor', path: '/forgot-password' }],
  '/forgot-password/$token': [{ who: 'visitor', path: '/forgot-password/not-a-real-token' }],
  '/terms': [{ who: 'visitor', path: '/terms' }],
  '/landing': [{ who: 'visitor', path: '/landing' }],
  '/login-2': [{ who: 'visitor', path: '/login-2' }],
  '/login-3': [{ who: 'visitor', path: '/login-3' }],
  '/sidebars': [{ who: 'visitor', path: '/sidebars' }],
  '/register': [{ who: 'visitor', path: '/register' }],
  '/activate': [{ who: 'visitor', path: '/activate?token=not-a-real-token' }],
  '/connect': [{ who: 'visitor', path: '/connect?token=not-a-real-token' }],
  '/verify': [{ who: 'visitor', path: '/verify?token=not-a-real-token' }],
  '/verify-email': [{ who: 'unverified', path: '/verify-email' }],
  '/role': { notVisited: 'only for an account without a job role; every demo account has one' },

  '/users': [{ who: 'admin', path: '/users', dialog: 'Invite user' }],
  '/profile/$id': [{ who: 'admin', path: ({ userId }) => `/profile/${userId}`, dialog: 'Ban' }],
  '/pending-invites': [{ who: 'admin', path: '/pending-invites' }],
  '/accessrequests': [{ who: 'admin', path: '/accessrequests' }],
  '/roles': [{ who: 'admin', path: '/roles' }],
  '/admin/scheduled-tasks': [{ who: 'admin', path: '/admin/scheduled-tasks' }],
  '/email-settings': [{ who: 'admin', path: '/email-settings' }],
  '/enquiries': [{ who: 'admin', path: '/enquiries' }],
  '/buyer-demands': [{ who: 'admin', path: '/buyer-demands' }],
  '/lead-scoring': [{ who: 'admin', path: '/lead-scoring' }],
  '/export': [{ who: 'admin', path: '/export' }],
  '/messages': [{ who: 'admin', path: '/messages' }],
  '/site-settings': [{ who: 'admin', path: '/site-settings' }],
  '/dev/mailbox': [{ who: 'admin', path: '/dev/mailbox' }],

  '/dashboard': [
    { who: 'developer', path: '/dashboard' },
    { who: 'admin', path: '/dashboard' },
    { who: 'agency', path: '/dashboard' },
    { who: 'marketer', path: '/dashboard' },
  ],
  '/projects/': [
    { who: 'developer', path: '/projects' },
    { who: 'agency', path: '/projects' },
    { who: 'marketer', path: '/projects' },
  ],
  '/projects/new': [{ who: 'developer', path: '/projects/new' }],
  '/projects/$id/edit': [{ who: 'developer', path: ({ projectId }) => `/projects/${projectId}/edit` }],
  '/projects/$id/summary': [{ who: 'developer', path: ({ projectId }) => `/projects/${projectId}/summary` }],
  '/projects/recommended': [
    { who: 'developer', path: '/projects/recommended' },
    { who: 'agency', path: '/projects/recommended' },
  ],
  '/projects/pending': [
    { who: 'developer', path: '/projects/pending' },
    { who: 'agency', path: '/projects/pending' },
  ],
  '/leads': [{ who: 'developer', path: '/leads' }],
  '/reporting/': [{ who: 'developer', path: '/reporting' }],
  '/reporting/listing-performance': [{ who: 'developer', path: '/reporting/listing-performance' }],
  '/reporting/buyer-feedback': [{ who: 'developer', path: '/reporting/buyer-feedback' }],
  '/organisation': [{ who: 'developer', path: '/organisation' }],
  '/crm': [{ who: 'developer', path: '/crm' }],
  '/feedback': [{ who: 'developer', path: '/feedback' }],
  '/offplan-ai': [{ who: 'developer', path: '/offplan-ai' }],
  '/profile': [{ who: 'developer', path: '/profile' }],
};

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
/**
 * The rules whose outcome the colour scheme can change. The scheme swaps CSS variables, never the
 * document, so the other rules answer the same in dark as in light and run once, in light.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** The route tree's full paths, read from the committed generated file. */
function routeTreePaths(): string[] {
  const source = readFileSync(new URL('../apps/web/src/routeTree.gen.ts', import.meta.url), 'utf8');
  const union = /fullPaths:\s*((?:\s*\|\s*'[^']*')+)/.exec(source)?.[1] ?? '';
  return [...union.matchAll(/'([^']*)'/g)].map((match) => match[1] ?? '');
}

/** Whether a concrete address (no query) is an instance of a route tree path like '/projects/$id/edit'. */
function matchesRoute(pathname: string, route: string): boolean {
  const pattern = route.replace(/\/$/, '').replace(/\$[A-Za-z]+/g, '[^/]+');
  return new RegExp(`^${pattern || '/'}/?$`).test(pathname);
}

function visitsOf(who: Who): Visit[] {
  return Object.values(ROUTES)
    .flatMap((entry) => (Array.isArray(entry) ? entry : []))
    .filter((visit) => visit.who === who);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Turns the page light or dark as the app's settings would, without reloading it. */
async function setScheme(page: Page, scheme: 'light' | 'dark') {
  await page.evaluate(
    ([key, value]) => {
      window.localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
    },
    [STORAGE_KEYS.siteColor, scheme] as const,
  );
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

/** Waits until the page has drawn its data: no loader or skeleton left on screen. */
async function settle(page: Page) {
  await expect(page.locator('h1, h2').first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root:visible, .mantine-Skeleton-root:visible')).toHaveCount(0);
}

/** axe's serious and critical WCAG 2.2 AA violations, one line per rule. */
async function blockingViolations(page: Page, label: string, onlyColourRules = false): Promise<string[]> {
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const { violations } = await (onlyColourRules
    ? axe.withRules(COLOUR_RULES)
    : axe.withTags(WCAG_22_AA)
  ).analyze();
  return violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${label}: ${violation.id} (${violation.impact}) on ${violation.nodes.length} node(s): ` +
        violation.nodes
          .slice(0, 6)
          .map((node) => `${node.target.join(' ')} ${node.any[0]?.message ?? ''}`.trim())
          .join(' | '),
    );
}

/** axe in light, then dark, on the page as it stands. */
async function checkBothSchemes(page: Page, label: string, lightOnly = false): Promise<string[]> {
  if (lightOnly) return blockingViolations(page, `${label} [light]`);
  await setScheme(page, 'light');
  const light = await blockingViolations(page, `${label} [light]`);
  await setScheme(page, 'dark');
  // Colours change through short CSS transitions; axe would read a colour half-way.
  await sleep(250);
  const dark = await blockingViolations(page, `${label} [dark]`, true);
  await setScheme(page, 'light');
  return [...light, ...dark];
}

/**
 * The frame's h1 names the page; a page heading that only says it again is read out twice and pushes
 * the content down (WCAG 2.4.6 asks headings to describe what follows them).
 */
async function repeatedHeading(page: Page, label: string): Promise<string[]> {
  const repeated = await page.evaluate(() => {
    const name = (element: Element) => element.textContent?.trim().toLowerCase() ?? '';
    const frame = document.querySelector('h1');
    if (!frame) return null;
    return [...document.querySelectorAll('h2')].some((heading) => name(heading) === name(frame))
      ? (frame.textContent?.trim() ?? '')
      : null;
  });
  return repeated === null ? [] : [`${label}: an h2 repeats the frame's heading "${repeated}"`];
}

async function checkVisits(page: Page, visits: Visit[], ids: Ids): Promise<string[]> {
  const found: string[] = [];
  for (const visit of visits) {
    const path = typeof visit.path === 'function' ? visit.path(ids) : visit.path;
    await page.goto(path);
    if (visit.landsOn) await expect(page).toHaveURL(visit.landsOn);
    await settle(page);
    found.push(...(await repeatedHeading(page, `${visit.who} ${path}`)));
    found.push(...(await checkBothSchemes(page, `${visit.who} ${path}`, visit.lightOnly)));
    if (visit.dialog) {
      await page.getByRole('button', { name: visit.dialog, exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      // The dialog fades in; axe would read its colours half-way.
      await sleep(300);
      found.push(...(await checkBothSchemes(page, `${visit.who} ${path} with '${visit.dialog}' open`)));
      await page.keyboard.press('Escape');
    }
  }
  return found;
}

/** Fails when the user's sidebar offers a page that the route list does not visit. */
async function expectSidebarCovered(page: Page, who: Who) {
  const links = page.getByRole('navigation', { name: 'Main' }).locator('a[href^="/"]');
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((anchors) =>
    anchors.map((anchor) => anchor.getAttribute('href') ?? ''),
  );
  for (const href of hrefs) {
    const pathname = href.split(/[?#]/)[0] ?? href;
    const route = Object.keys(ROUTES).find((candidate) => matchesRoute(pathname, candidate));
    const visits = route === undefined ? undefined : ROUTES[route];
    expect(Array.isArray(visits), `${who}'s sidebar links to ${href}, which no visit covers`).toBe(true);
  }
}

test.describe.configure({ mode: 'parallel' });

test('the route list names every route of the route tree', () => {
  const tree = routeTreePaths();
  expect(tree.length).toBeGreaterThan(20);
  expect([...Object.keys(ROUTES)].sort()).toEqual([...tree].sort());
});

/** The marketer's user id, as the admin's /profile/{id} needs it. */
async function marketerUserId(page: Page): Promise<string> {
  const answer = await page.request.get(`/api/admin/users?q=${encodeURIComponent(DEMO.marketer)}`);
  const { items } = (await answer.json()) as { items: { id: string }[] };
  return items[0]?.id ?? '';
}

/** Pages no route draws: not found, and maintenance (answered for this page only, as in site.spec.ts). */
async function checkScreensWithoutRoute(page: Page): Promise<string[]> {
  await page.goto('/no-such-page');
  await settle(page);
  const found = await checkBothSchemes(page, 'visitor not found');
  await page.route('**/api/site', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), maintenanceMode: true } });
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: MESSAGES.maintenanceHeading })).toBeVisible();
  found.push(...(await checkBothSchemes(page, 'visitor maintenance')));
  return found;
}

test('the public listing page has no serious or critical violation', async ({
  page,
  browser,
  baseURL,
  allowConsoleErrors,
}) => {
  // The listing page names no icon, so Chromium asks for /favicon.ico.
  allowConsoleErrors(/favicon\.ico/);
  const developer = await browser.newContext({ baseURL });
  const developerPage = await developer.newPage();
  await signIn(developerPage, DEMO.developer);
  const listing = await developerListing(developerPage.request);
  await developer.close();
  await page.goto(listing.path);
  await expect(page.locator('#enquiry')).toBeVisible();
  const found = await checkBothSchemes(page, `visitor ${listing.path}`, true);
  expect(found, found.join('\n')).toEqual([]);
});

const splitInTwo = <T>(items: T[]): [T[], T[]] => {
  const half = Math.ceil(items.length / 2);
  return [items.slice(0, half), items.slice(half)];
};

for (const who of ['visitor', 'admin', 'developer'] as const) {
  splitInTwo(visitsOf(who)).forEach((visits, part) => {
    test(`${who}'s pages, part ${part + 1}, have no serious or critical violation, light and dark`, async ({
      page,
      allowConsoleErrors,
    }) => {
      test.setTimeout(150_000);
      const ids: Ids = { projectId: 0, userId: '' };
      if (who === 'visitor') {
        // The made-up tokens of the onboarding links are refused, as they should be.
        allowConsoleErrors(/status of 40[014] .*(not-a-real-token|impersonation\/connect)/);
      } else {
        await signIn(page, DEMO[who]);
        await settle(page);
        if (part === 0) await expectSidebarCovered(page, who);
        if (who === 'developer') ids.projectId = (await developerListing(page.request)).id;
        if (who === 'admin') ids.userId = await marketerUserId(page);
      }
      const found = await checkVisits(page, visits, ids);
      if (who === 'visitor' && part === 1) found.push(...(await checkScreensWithoutRoute(page)));
      expect(found, found.join('\n')).toEqual([]);
    });
  });
}

for (const who of ['agency', 'marketer', 'unverified'] as const) {
  test(`${who}'s own pages have no serious or critical violation, light and dark`, async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, DEMO[who]);
    await settle(page);
    if (who !== 'unverified') await expectSidebarCovered(page, who);
    const found = await checkVisits(page, visitsOf(who), { projectId: 0, userId: '' });
    expect(found, found.join('\n')).toEqual([]);
  });
}

test.describe('keyboard', () => {
  test('the skip link is the first stop and moves focus past the header and the sidebar', async ({
    page,
  }) => {
    await signIn(page, DEMO.developer);
    await page.goto('/leads');
    await settle(page);
    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await expect(page).toHaveURL(/\/leads$/);
    // The next stop is inside the page, not back in the header or the sidebar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(
      true,
    );
  });

  test('a confirm dialog keeps focus inside and gives it back to its button on close', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto(`/profile/${await marketerUserId(page)}`);
    const ban = page.getByRole('button', { name: 'Ban', exact: true });
    await ban.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Ban / });
    await expect(dialog).toBeVisible();
    for (let step = 0; step < 6; step += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement)), `Tab ${step + 1}`).toBe(
        true,
      );
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(ban).toBeFocused();
  });
});
