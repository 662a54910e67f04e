import { QueryClient } from '@tanstack/react-query';
import { ApiClientError } from './api-client.ts';

const MAX_RETRIES = 2;

/** Client errors (4xx) will not change on a retry; network and server errors may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiClientError && error.status >= 400 && error.status < 500) return false;
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

/** The app's one cache; tests build their own with createQueryClient(). */
export const queryClient = createQueryClient();
