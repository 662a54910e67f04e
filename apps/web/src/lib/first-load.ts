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
