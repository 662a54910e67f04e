import type { QueryClient } from '@tanstack/react-query';
import type { AppRouter } from '../router.tsx';

/**
 * Loads the router's current page and waits for the calls its loaders started without awaiting (the
 * frame's counts, the dashboard's projects: decision 044): once this resolves, the page renders whole,
 * with no pending view. The server's first paint (entry-server.tsx) renders then; so does the browser
 * when it takes over a page the server painted (main.tsx, decision 050), so the two look the same.
 */
export async function loadFirstPage(router: AppRouter, queryClient: QueryClient): Promise<void> {
  await router.load();
  const started = queryClient.getQueryCache().findAll({ fetchStatus: 'fetching' });
  await Promise.allSettled(started.map((query) => query.promise));
}

type Scheduler = { yield?: () => Promise<void> };

/**
 * Ends the browser task the app's start is running in and resumes in a new one (`scheduler.yield()`,
 * which resumes ahead of other queued work, where the browser has it). A task over 50 ms holds up
 * whatever the visitor does meanwhile, and is what Lighthouse's Total Blocking Time counts (issue 21):
 * the start evaluates the first chunk's modules, makes the router and asks for the landing page's
 * chunks, ~100, ~15 and ~30–60 ms at Lighthouse's 4× slowdown, one task without these breaks.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
