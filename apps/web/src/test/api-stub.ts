import { API_PATHS } from '@offplan/shared';
import { vi } from 'vitest';
import { siteOf, userProjectsOf } from './factories.ts';
import { jsonResponse } from './render.tsx';

/** What a stubbed route answers: a status and a JSON body. */
export type ApiAnswer = { status: number; body: unknown };
/** One call the app made: the method, path, full URL, headers and body (parsed JSON, or the FormData). */
export type ApiCall = {
  method: string;
  path: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
};
/**
 * Answers one route: a fixed answer, or one worked out from the call (called in order, so it may count
 * or change state). A Response (or a promise of one) is sent as it is, e.g. to hold a call open.
 */
export type ApiRoute = ApiAnswer | ((call: ApiCall) => ApiAnswer | Response | Promise<ApiAnswer | Response>);
/** Routes keyed "METHOD /path"; a key ending in `*` answers every path that starts with what precedes it. */
export type ApiRoutes = Record<string, ApiRoute>;

export const ok = (body: unknown): ApiAnswer => ({ status: 200, body });

export function apiError(status: number, code: string, message: string, fields?: Record<string, string>) {
  return { status, body: { error: { code, message, ...(fields ? { fields } : {}) } } };
}

const NOT_FOUND = apiError(404, 'NOT_FOUND', 'Not found.');

/**
 * The calls every page of the frame makes, answered as for a signed-out visitor on the default tenant;
 * a test's routes override any of them. With a session, the account (no projects) and an empty bell.
 */
export function frameRoutes(): ApiRoutes {
  return {
    [`GET ${API_PATHS.site}`]: ok(siteOf()),
    [`GET ${API_PATHS.auth.getSession}`]: ok(null),
    [`GET ${API_PATHS.userProjects}`]: ok({ success: true, output: userProjectsOf() }),
    [`POST ${API_PATHS.notificationToken}`]: ok({ token: 'notification-token' }),
    [`GET ${API_PATHS.notifications('')}*`]: ok({ notifications: [] }),
    [`POST ${API_PATHS.auth.signOut}`]: ok({ success: true }),
  };
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  return Object.fromEntries(new Headers(init?.headers).entries());
}

function bodyOf(init: RequestInit | undefined): unknown {
  const body = init?.body;
  if (typeof body !== 'string' || body === '') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

function routeFor(routes: ApiRoutes, method: string, path: string): ApiRoute | undefined {
  const exact = routes[`${method} ${path}`];
  if (exact) return exact;
  const prefix = Object.keys(routes).find(
    (key) => key.endsWith('*') && `${method} ${path}`.startsWith(key.slice(0, -1)),
  );
  return prefix ? routes[prefix] : undefined;
}

/**
 * Stubs fetch with the API: the frame's calls (frameRoutes) plus the test's routes, which win; any
 * other call answers 404. Returns the calls made, in order; `onCall` sees each one as it comes.
 */
export function stubApi(
  routes: ApiRoutes = {},
  options: { onCall?: (call: ApiCall) => void } = {},
): ApiCall[] {
  const calls: ApiCall[] = [];
  const merged: ApiRoutes = { ...frameRoutes(), ...routes };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost:3000');
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const call: ApiCall = { method, path: url.pathname, url, headers: headersOf(init), body: bodyOf(init) };
      calls.push(call);
      options.onCall?.(call);
      const route = routeFor(merged, method, url.pathname);
      if (!route) return jsonResponse(NOT_FOUND.status, NOT_FOUND.body);
      const answer = typeof route === 'function' ? await route(call) : route;
      return answer instanceof Response ? answer : jsonResponse(answer.status, answer.body);
    }),
  );
  return calls;
}

/** The calls made to one route. */
export function callsTo(calls: ApiCall[], method: string, path: string): ApiCall[] {
  return calls.filter((call) => call.method === method && call.path === path);
}
