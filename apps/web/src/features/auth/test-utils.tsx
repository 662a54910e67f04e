import type { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { createQueryClient } from '../../lib/query-client.ts';
import { type AppRouter, createAppRouter, installAccessErrorHandlers } from '../../router.tsx';
import { sessionOf, siteOf } from '../../test/factories.ts';
import { renderWithProviders } from '../../test/render.tsx';

/** Test helpers of the auth pages: a stand-in API and the two ways to render (a component, or the app). */

export { type ApiAnswer, type ApiCall, apiError, callsTo, stubApi } from '../../test/api-stub.ts';

/** The auth pages' names for the shared factories (test/factories.ts). */
export const testSite = siteOf();
export const testSession = sessionOf;

/** The texts an input is described by (its hint and its error message): what a screen reader reads with it. */
export function descriptionOf(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/** Renders a component where router links work; resolves once it is on screen. */
export async function renderInRouter(ui: ReactElement, options: { queryClient?: QueryClient } = {}) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  return { ...renderWithProviders(<RouterProvider router={router} />, options), router };
}

/** Renders the whole app at `path`, like the browser would (real routes, guards and layouts). */
export function renderAppAt(path: string): { router: AppRouter; queryClient: QueryClient } {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  installAccessErrorHandlers(router, queryClient);
  renderWithProviders(<RouterProvider router={router} />, { queryClient });
  return { router, queryClient };
}
