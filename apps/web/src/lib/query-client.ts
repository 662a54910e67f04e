import { ERROR_CODES } from '@offplan/shared';
import { QueryClient } from '@tanstack/react-query';
import { ApiClientError } from './api-client.ts';

const MAX_RETRIES = 2;

/**
 * Client errors (4xx) will not change on a retry; network and server errors may. Maintenance (503
 * MAINTENANCE) is not retried either: the maintenance screen should show at once, not after the retries.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiClientError && error.status >= 400 && error.status < 500) return false;
  if (error instanceof ApiClientError && error.code === ERROR_CODES.maintenance) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
      },
      mutations: { retry: false },
    },
  });
}

/** Meta of queries holding public, app-wide facts (the site): they survive a change of user. */
export const APP_SCOPE_META = { scope: 'app' } as const;

/** Drops everything that belongs to a user, so the next one never sees it (sign-in, lost session). */
export function clearUserData(client: QueryClient): void {
  client.removeQueries({ predicate: (query) => query.meta?.scope !== APP_SCOPE_META.scope });
}

/** The app's one cache; tests build their own with createQueryClient(). */
export const queryClient = createQueryClient();
