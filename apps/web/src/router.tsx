import { SESSION_REQUIRED_ERROR } from '@offplan/shared';
import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { ErrorPage } from './components/feedback/error-page.tsx';
import { NotFoundPage } from './components/feedback/not-found-page.tsx';
import { setSessionRequiredHandler } from './lib/api-client.ts';
import { clearUserData } from './lib/query-client.ts';
import { routeTree } from './routeTree.gen.ts';

export type RouterContext = { queryClient: QueryClient };

export function createAppRouter(options: {
  queryClient: QueryClient;
  history?: Parameters<typeof createRouter>[0]['history'];
}) {
  return createRouter({
    routeTree,
    context: { queryClient: options.queryClient },
    ...(options.history ? { history: options.history } : {}),
    // Hovering a link starts its loaders; React Query owns freshness, so the router never caches.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // Unknown and unbuilt routes all get the one not-found page, in the card layout.
    notFoundMode: 'root',
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ErrorPage,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

/**
 * Spec §8: a call that needed a session and had none goes to sign-in with error=SessionRequired,
 * remembering where the user was. User data is dropped first so guards re-read the session.
 */
export function installSessionRequiredHandler(router: AppRouter, queryClient: QueryClient): void {
  setSessionRequiredHandler(() => {
    clearUserData(queryClient);
    const { pathname, searchStr } = router.state.location;
    if (pathname === '/login') return;
    void router.navigate({
      to: '/login',
      search: { error: SESSION_REQUIRED_ERROR, redirect: pathname + searchStr },
      replace: true,
    });
  });
}
