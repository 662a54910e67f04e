import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { renderWithProviders } from '../../test/render.tsx';

/** Renders a page component inside a one-route router (its links need a router) and the app's providers. */
export function renderInRouter(ui: () => ReactElement, path = '/') {
  const rootRoute = createRootRoute({ component: ui });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  return renderWithProviders(<RouterProvider router={router as never} />);
}

/** The listing factory under the editor tests' name. */
export { listingOf as listingFixture } from '../../test/factories.ts';
