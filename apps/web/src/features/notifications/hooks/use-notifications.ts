import type { Notification } from '@offplan/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { notificationsQueryKey, notificationsQueryOptions } from '../api/notifications.ts';

/** The signed-in user's messages (shared by the bell and the pop-ups) and local read marking (spec §4). */
export function useNotifications(email: string | null | undefined) {
  const queryClient = useQueryClient();
  // The bell's background read: conditional on an email, never blocks a page, failures only logged.
  const query = useQuery(notificationsQueryOptions(email));
  const messages = query.data ?? [];
  const address = email?.trim() ?? '';

  const markReadLocally = useCallback(
    (messageIds: readonly string[]) => {
      const ids = new Set(messageIds);
      queryClient.setQueryData<Notification[]>(notificationsQueryKey(address), (old) =>
        old?.map((message) => (ids.has(message.messageId) ? { ...message, read: true } : message)),
      );
    },
    [queryClient, address],
  );

  const unread = useMemo(() => messages.filter((message) => !message.read), [messages]);
  return { messages, unread, markReadLocally, loading: query.isLoading };
}
