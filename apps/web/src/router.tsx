import { EMAIL_NOT_VERIFIED_REDIRECT, sessionRequiredRedirectFor, VERIFY_EMAIL_PATH } from '@offplan/shared';
import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { ErrorPage } from './components/feedback/error-page.tsx';
import {
  type ApiClientError,
  setEmailNotVerifiedHandler,
  setSessionRequiredHandler,
} from './lib/api-client.ts';
import { deferredComponent } from './lib/deferred-component.tsx';
import { clearUserData } from './lib/query-client.ts';
import { routeTree } from './routeTree.gen.ts';

export type RouterContext = { queryClient: QueryClient };

// An address that matches no page is rare: the page's code loads when one does (issue 21).
const NotFoundPage = deferredComponent(() =>
  import('./components/feedback/not-found-page.tsx').then((module) => module.NotFoundPage),
);

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
    // In the browser only: the server's first paint (decision 050) would carry the router's restoring
    // script inline, which the content security policy refuses (script-src 'self').
    scrollRestoration: typeof document !== 'undefined',
    // Unknown and unbuilt routes all get the one not-found page, in the card layout.
    notFoundMode: 'root',
    defaultNotFoundComponent: NotFoundPage.Component,
    defaultErrorComponent: ErrorPage,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

type AccessErrorHandlers = {
  sessionRequired: (error: ApiClientError) => void;
  emailNotVerified: (error: ApiClientError) => void;
};

/**
 * What the app does with calls that need the user elsewhere first. User data is dropped before each
 * move so the guards of the next page read the session again.
 *
 * - Spec §8: a call that needed a session and had none goes to sign-in with error=SessionRequired,
 *   remembering where the user was.
 * - Spec §4: a call that needs a verified email goes to /verify-email.
 *
 * "Where the user is" is `router.latestLocation`, the history entry the router is loading or has
 * loaded. Mid-navigation, `router.state.resolvedLocation` is still the page being left, and so is
 * `router.state.location` in router versions that update it only once the new page is ready. A call
 * failing in the loader of the page being entered belongs to the new entry; read from the old one,
 * arriving from /login would be mistaken for being on it, and the user left on an error.
 */
export function createAccessErrorHandlers(router: AppRouter, queryClient: QueryClient): AccessErrorHandlers {
  return {
    sessionRequired: () => {
      clearUserData(queryClient);
      const { pathname, searchStr } = router.latestLocation;
      if (pathname === '/login') return;
      void router.navigate({ href: sessionRequiredRedirectFor(pathname, searchStr), replace: true });
    },
    emailNotVerified: () => {
      clearUserData(queryClient);
      if (router.latestLocation.pathname === VERIFY_EMAIL_PATH) return;
      void router.navigate({ href: EMAIL_NOT_VERIFIED_REDIRECT, replace: true });
    },
  };
}

/** Hands the API client the router-aware handlers (it falls back to full page loads without them). */
export function installAccessErrorHandlers(router: AppRouter, queryClient: QueryClient): void {
  const handlers = createAccessErrorHandlers(router, queryClient);
  setSessionRequiredHandler(handlers.sessionRequired);
  setEmailNotVerifiedHandler(handlers.emailNotVerified);
}
