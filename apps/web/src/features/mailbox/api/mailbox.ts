import { API_PATHS, mailboxPageSchema } from '@offplan/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const mailboxQueryKey = ['dev', 'mailbox'] as const;

/**
 * GET /api/dev/mailbox?page= (admins, outside production): the outbox, newest first. Pages are read
 * one after another ("Show older"), so the page size need not be known here.
 */
export function mailboxQueryOptions() {
  return infiniteQueryOptions({
    queryKey: mailboxQueryKey,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(API_PATHS.devMailbox, { query: { page: pageParam }, schema: mailboxPageSchema, signal }),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages, lastPageParam) => {
      const loaded = pages.reduce((count, page) => count + page.items.length, 0);
      return lastPage.items.length > 0 && loaded < lastPage.total ? lastPageParam + 1 : undefined;
    },
    // A developer opens the mailbox to see what was just sent.
    staleTime: 0,
  });
}
