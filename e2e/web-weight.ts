import type { Browser, BrowserContextOptions, Page } from '@playwright/test';

/**
 * Issue 21's page-weight figures, measured as a first-time visitor gets them: a fresh browser context
 * (empty HTTP cache) opens the page and waits until it is usable and the network is quiet, so the
 * scripts fetched after first paint (analytics, lazy chunks) count too. Shared by the budget check
 * (e2e/budget.spec.ts) and `npm run measure:web` (e2e/measure-web.ts).
 */
export type PageWeight = {
  /** Compressed bytes of every script body received (what crossed the wire, headers left out). */
  scriptBytes: number;
  scripts: number;
  /** Largest Contentful Paint in ms from navigation start (the last candidate before the page was idle). */
  lcpMs: number;
};

export type WeightTarget = {
  path: string;
  /** Resolves once the page shows what the visitor came for. */
  ready: (page: Page) => Promise<void>;
  storageState?: BrowserContextOptions['storageState'];
  extraHTTPHeaders?: Record<string, string>;
};

async function largestContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        // Buffered: the entries painted before this observer existed are delivered at once.
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(Number.NaN), 2000);
      }),
  );
}

export async function measurePage(
  browser: Browser,
  baseURL: string,
  target: WeightTarget,
): Promise<PageWeight> {
  const context = await browser.newContext({
    baseURL,
    ...(target.storageState ? { storageState: target.storageState } : {}),
    ...(target.extraHTTPHeaders ? { extraHTTPHeaders: target.extraHTTPHeaders } : {}),
  });
  try {
    const page = await context.newPage();
    const sizes: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      sizes.push(request.sizes().then((size) => size.responseBodySize));
    });
    await page.goto(target.path);
    await target.ready(page);
    await page.waitForLoadState('networkidle');
    const lcpMs = await largestContentfulPaint(page);
    const bodies = await Promise.all(sizes);
    return { scriptBytes: bodies.reduce((sum, size) => sum + size, 0), scripts: bodies.length, lcpMs };
  } finally {
    await context.close();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

export function describeWeight(label: string, weight: PageWeight): string {
  const lcp = Number.isNaN(weight.lcpMs) ? 'n/a' : `${(weight.lcpMs / 1000).toFixed(2)} s`;
  return `| ${label} | ${kilobytes(weight.scriptBytes)}, ${weight.scripts} files | LCP ${lcp} |`;
}
