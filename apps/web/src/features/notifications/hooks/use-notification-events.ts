import {
  IN_APP_MESSAGE_API_PATHS,
  NOTIFICATION_STREAM_EVENTS,
  type Notification,
  notificationRetractedEventCheck,
} from '@offplan/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notificationsQueryKey } from '../api/notifications.ts';

/**
 * The signed-in app's event stream (one per tab, opened by the bell): a retracted message leaves the
 * bell's cached list at once, which also takes it out of the pop-ups; `resync` (the server may have
 * missed announcements) reads the list again. The browser's EventSource reconnects by itself.
 * Answers whether the stream is open.
 */
export function useNotificationEvents(email: string | null | undefined): boolean {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const address = email?.trim() ?? '';

  useEffect(() => {
    if (!address || typeof EventSource === 'undefined') return;
    const key = notificationsQueryKey(address);
    const source = new EventSource(IN_APP_MESSAGE_API_PATHS.stream, { withCredentials: true });
    source.onopen = () => setOpen(true);
    source.onerror = () => setOpen(false);
    source.addEventListener(NOTIFICATION_STREAM_EVENTS.retracted, (event) => {
      // Read by hand (notification-rules.ts, held to notificationRetractedEventSchema by its test):
      // the bell opens the stream on every signed-in page, which loads no schema library then.
      const parsed = notificationRetractedEventCheck.safeParse(JSON.parse((event as MessageEvent).data));
      if (!parsed.success) return;
      queryClient.setQueryData<Notification[]>(key, (old) =>
        old?.filter((message) => message.messageId !== parsed.data.messageId),
      );
    });
    source.addEventListener(NOTIFICATION_STREAM_EVENTS.resync, () => {
      void queryClient.invalidateQueries({ queryKey: key });
    });
    return () => {
      source.close();
      setOpen(false);
    };
  }, [address, queryClient]);

  return open;
}
