import type { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { type AppRouter, createAppRouter, installAccessErrorHandlers } from '../../router.tsx';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';

/** Test helpers of the auth pages: a stand-in API and the two ways to render (a component, or the app). */

export const testSite = {
  productName: 'Offplan',
  siteName: 'Offplan Portal',
  tenant: 'offplan',
  maintenanceMode: false,
};

export function testSession(userOverrides: Record<string, unknown> = {}) {
  return {
    user: {
      id: 'u1',
      name: 'Dana Developer',
      email: 'dana@harbourline.example',
      emailVerified: true,
      image: null,
      role: 'user',
      firstName: 'Dana',
      lastName: 'Developer',
      jobRoleId: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      ...userOverrides,
    },
    session: { id: 's1', userId: 'u1', expiresAt: '2099-01-01T00:00:00.000Z', token: 't' },
  };
}

export type ApiAnswer = { status: number; body: unknown };
export type ApiCall = { method: string; path: string; url: URL; body: unknown };
/** Answers one route: a fixed answer, or one worked out from the call (called in order, so it may count). */
type ApiRoute = ApiAnswer | ((call: ApiCall) => ApiAnswer);

export function apiError(status: number, code: string, message: string, fields?: Record<string, string>) {
  return { status, body: { error: { code, message, ...(fields ? { fields } : {}) } } };
}

/**
 * Stubs fetch with the API's answers, keyed "METHOD /path". The site is answered, and the session
 * (signed out unless given); anything else is a 404. Returns the calls made, in order.
 */
export function stubApi(routes: Record<string, ApiRoute> = {}): ApiCall[] {
  const calls: ApiCall[] = [];
  const defaults: Record<string, ApiRoute> = {
    'GET /api/site': { status: 200, body: testSite },
    'GET /api/auth/get-session': { status: 200, body: null },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost:3000');
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const body = typeof init?.body === 'string' && init.body ? JSON.parse(init.body) : undefined;
      const call = { method, path: url.pathname, url, body };
      calls.push(call);
      const route = routes[`${method} ${url.pathname}`] ?? defaults[`${method} ${url.pathname}`];
      if (!route) return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
      const answer = typeof route === 'function' ? route(call) : route;
      return jsonResponse(answer.status, answer.body);
    }),
  );
  return calls;
}

/** The texts an input is described by (its hint and its error message): what a screen reader reads with it. */
export function descriptionOf(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/** The calls made to one route. */
export function callsTo(calls: ApiCall[], method: string, path: string): ApiCall[] {
  return calls.filter((call) => call.method === method && call.path === path);
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
