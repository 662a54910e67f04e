import type { TestInfo } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures.ts';
import { describeWeight, kilobytes, measurePage, type PageWeight } from './web-weight.ts';

/**
 * Issue 21 item 2: the JavaScript a first-time visitor downloads (compressed, as served, including
 * what loads after first paint) stays within budget, so a change cannot quietly grow it. Cold loads in
 * fresh browser contexts against the production build; `npm run measure:web` prints the same figures
 * as medians of three.
 *
 * `/login` weighs 149 KB (28 Nov, decision 044's sixth pass: it loads no schema library), under the
 * issue's 150 KB; its ceiling is that plus a few KB. `/dashboard` weighs 213-215 KB (28 Nov, decision
 * 044's seventh pass), under the issue's 220 KB. The same build measures up to 2 KB apart from one load
 * to the next (a few chunks asked for after the first paint arrive before the network is quiet or
 * not, with the machine's load), and a run at 215.02 KB failed a 215 KB ceiling: 218 KB holds that
 * spread and still fails a change that grows the page.
 * LCP is printed, not asserted: on a shared two-core machine running two browser workers beside the
 * server it varies several-fold, so any figure tight enough to mean something would flake.
 */
const CEILING = { login: 155 * 1024, dashboard: 218 * 1024 } as const;
const ISSUE_TARGET = { login: 150 * 1024, dashboard: 220 * 1024 } as const;

function report(label: string, weight: PageWeight, target: number, testInfo: TestInfo) {
  const line = `${describeWeight(label, weight)} issue target ${kilobytes(target)}`;
  console.log(line);
  testInfo.annotations.push({ type: 'weight', description: line });
}

test.describe('JavaScript budget (issue 21)', () => {
  test('/login, signed out, stays within its compressed JavaScript ceiling', async ({
    browser,
    baseURL,
  }, testInfo) => {
    const weight = await measurePage(browser, baseURL!, {
      path: '/login',
      ready: (page) => expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible(),
    });
    report('/login signed out', weight, ISSUE_TARGET.login, testInfo);
    expect(
      weight.scriptBytes,
      `/login downloads ${kilobytes(weight.scriptBytes)} of scripts`,
    ).toBeLessThanOrEqual(CEILING.login);
  });

  test('/dashboard, signed in, stays within its compressed JavaScript ceiling', async ({
    browser,
    baseURL,
    page,
    context,
    extraHTTPHeaders,
  }, testInfo) => {
    await signIn(page, DEMO.developer);
    const storageState = await context.storageState();
    const weight = await measurePage(browser, baseURL!, {
      path: '/dashboard',
      storageState,
      ...(extraHTTPHeaders ? { extraHTTPHeaders } : {}),
      ready: (dashboard) =>
        expect(dashboard.getByRole('heading', { name: 'Dashboard', exact: true }).first()).toBeVisible(),
    });
    report('/dashboard signed in', weight, ISSUE_TARGET.dashboard, testInfo);
    expect(
      weight.scriptBytes,
      `/dashboard downloads ${kilobytes(weight.scriptBytes)} of scripts`,
    ).toBeLessThanOrEqual(CEILING.dashboard);
  });
});
