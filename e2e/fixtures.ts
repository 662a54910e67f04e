import { createHash } from 'node:crypto';
import { DEMO_PASSWORD, PAGE_ANSWERS_ELEMENT_ID } from '@offplan/shared';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';

export const DEMO = {
  admin: 'admin@demo.offplan.test',
  developer: 'developer@demo.offplan.test',
  marketer: 'marketer@demo.offplan.test',
  agency: 'agency@demo.offplan.test',
  unverified: 'unverified@demo.offplan.test',
} as const;

type ErrorPattern = string | RegExp;

type Fixtures = {
  /** The address this test's requests come from (sent as x-forwarded-for; the server trusts it in e2e). */
  clientAddress: string;
  /**
   * Lets this test's browser log errors matching the patterns (a string matches as a substring).
   * Every other `console.error` or uncaught page error fails the test. Empty by default.
   */
  allowConsoleErrors: (...patterns: ErrorPattern[]) => void;
  browserErrorAllowList: ErrorPattern[];
};

// The three documentation ranges of RFC 5737: 762 addresses no real client uses.
const DOCUMENTATION_RANGES = ['192.0.2', '198.51.100', '203.0.113'];

/**
 * A stable address per test (and per repeat and retry), so the sign-in rate limit, counted per client
 * address, never couples two tests.
 */
function documentationAddressFor(testInfo: TestInfo): string {
  const key = `${testInfo.testId}:${testInfo.repeatEachIndex}:${testInfo.retry}`;
  const n = createHash('sha256').update(key).digest().readUInt32BE(0) % (DOCUMENTATION_RANGES.length * 254);
  return `${DOCUMENTATION_RANGES[Math.floor(n / 254)]}.${(n % 254) + 1}`;
}

function isAllowed(message: string, allowList: ErrorPattern[]): boolean {
  return allowList.some((pattern) =>
    typeof pattern === 'string' ? message.includes(pattern) : pattern.test(message),
  );
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright needs a destructuring pattern here.
  clientAddress: async ({}, use, testInfo) => {
    await use(documentationAddressFor(testInfo));
  },

  extraHTTPHeaders: async ({ extraHTTPHeaders, clientAddress }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': clientAddress });
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright needs a destructuring pattern here.
  browserErrorAllowList: async ({}, use) => {
    await use([]);
  },

  allowConsoleErrors: async ({ browserErrorAllowList }, use) => {
    await use((...patterns) => {
      browserErrorAllowList.push(...patterns);
    });
  },

  // Watching the context (not one page) also covers pages the test opens later.
  context: async ({ context, browserErrorAllowList }, use) => {
    const errors: string[] = [];
    context.on('console', (message) => {
      if (message.type() !== 'error') return;
      const { url, lineNumber } = message.location();
      errors.push(`console.error: ${message.text()}${url ? ` (at ${url}:${lineNumber})` : ''}`);
    });
    context.on('weberror', (webError) => {
      const error = webError.error();
      errors.push(`pageerror: ${error.stack ?? error.message}`);
    });

    await use(context);

    const unexpected = errors.filter((error) => !isAllowed(error, browserErrorAllowList));
    if (unexpected.length > 0) {
      throw new Error(
        `The browser reported ${unexpected.length} unexpected error(s):\n${unexpected.map((error) => `  - ${error}`).join('\n')}\n` +
          'Fix them, or allow an expected one in this test with allowConsoleErrors(pattern).',
      );
    }
  },
});

export { expect };

// A required field's label ends with Mantine's " *" marker.
export const emailInput = (page: Page) => page.getByLabel(/^\s*Email\s*\*?\s*$/);
export const passwordInput = (page: Page) => page.getByLabel(/^\s*Password\s*\*?\s*$/);

/** Fills the sign-in form and submits it, without waiting for the outcome. Opens /login if needed. */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().startsWith('http') || new URL(page.url()).pathname !== '/login') {
    await page.goto('/login');
  }
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  await emailInput(page).fill(email);
  await passwordInput(page).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Signs in through the UI (on the current /login page, keeping its `redirect`, or on a fresh one) and
 * waits until the app has left /login.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await submitSignIn(page, email, password);
  await page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * From now on, the page's HTML comes without the answers the server sends inside a signed-in page
 * (decision 048), and so without the page it draws from them (decision 050): the app asks for its
 * session and account state itself, so a test can delay or refuse those calls, as when the server
 * would not have answered them with the page.
 */
export async function withoutPageAnswers(page: Page): Promise<void> {
  await page.route(
    (url) => !url.pathname.startsWith('/api/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = (await response.text())
        .replace(
          new RegExp(`<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">[^<]*</script>`),
          '',
        )
        .replace(/<div id="root">[\s\S]*<\/div>(\s*<\/body>)/, '<div id="root"></div>$1');
      // The body is sent as text now: the length and encoding of the server's answer no longer apply.
      const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = response.headers();
      return route.fulfill({ status: response.status(), headers, body: html });
    },
  );
}
