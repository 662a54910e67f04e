import {
  API_PATHS,
  NOTIFICATION_IDS_MAX,
  NOTIFICATION_TOKEN_HEADER,
  NOTIFICATION_TOKEN_INVALID,
  type Notification,
} from '@offplan/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiClientError, apiRequest } from '../../../lib/api-client.ts';
import { forgetNotificationToken, getNotificationToken } from './notification-token.ts';

/** The answers' schemas load beside the call, not with the frame (decision 044). */
const notificationSchemas = () => import('./notification-schemas.ts');

export const notificationsQueryKey = (email: string) => ['notifications', email.toLowerCase()] as const;

/** GET /api/notifications/{email} with the token header. */
async function getNotifications(email: string, token: string, signal?: AbortSignal) {
  const answer = await apiRequest(API_PATHS.notifications(email), {
    headers: { [NOTIFICATION_TOKEN_HEADER]: token },
    schema: notificationSchemas().then((schemas) => schemas.notificationsResponseSchema),
    ...(signal ? { signal } : {}),
  });
  return answer.notifications;
}

/** Token, then list; a refused token (expired server-side, new secret) is dropped and asked for once more. */
export async function loadNotifications(email: string, signal?: AbortSignal): Promise<Notification[]> {
  const token = await getNotificationToken(email);
  try {
    return await getNotifications(email, token, signal);
  } catch (error) {
    if (error instanceof ApiClientError && error.code === NOTIFICATION_TOKEN_INVALID) {
      forgetNotificationToken();
      return getNotifications(email, await getNotificationToken(email), signal);
    }
    throw error;
  }
}

/**
 * Spec §7: the list is cached and not revalidated on focus or reconnect. Spec §8: a load failure is
 * only logged (a warning) and the list stays empty. No fetch without an email (spec §5).
 */
export function notificationsQueryOptions(email: string | null | undefined) {
  const address = email?.trim() ?? '';
  return queryOptions({
    queryKey: notificationsQueryKey(address),
    queryFn: async ({ signal }): Promise<Notification[]> => {
      try {
        return await loadNotifications(address, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        console.warn('[notifications] could not load notifications:', error);
        return [];
      }
    },
    enabled: address.length > 0,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}

type TrackEvent = 'open' | 'read' | 'click';

/** Server receipts (open, read, click). Tracking never breaks the bell: failures are only logged. */
export async function trackNotifications(event: TrackEvent, messageIds: string[]): Promise<void> {
  if (messageIds.length === 0) return;
  try {
    await apiRequest(API_PATHS.notificationReceipt(event), {
      method: 'POST',
      body:
        event === 'click'
          ? { messageId: messageIds[0] }
          : { messageIds: messageIds.slice(0, NOTIFICATION_IDS_MAX) },
      schema: notificationSchemas().then((schemas) => schemas.notificationTrackResponseSchema),
    });
  } catch (error) {
    console.warn(`[notifications] ${event} not recorded:`, error);
  }
}
