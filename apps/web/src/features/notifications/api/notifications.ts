import {
  NOTIFICATION_IDS_MAX,
  NOTIFICATION_TOKEN_HEADER,
  NOTIFICATION_TOKEN_INVALID,
  type Notification,
  notificationsResponseSchema,
  notificationTrackResponseSchema,
} from '@offplan/shared';
import { queryOptions } from '@tanstack/react-query';
import {
  ApiClientError,
  apiRequest,
  CLIENT_ERROR_CODES,
  networkError,
  reportAccessError,
  toApiClientError,
} from '../../../lib/api-client.ts';
import { forgetNotificationToken, getNotificationToken } from './notification-token.ts';

export const notificationsQueryKey = (email: string) => ['notifications', email.toLowerCase()] as const;

/** GET /api/notifications/{email} with the token header (apiRequest sends no custom headers). */
async function getNotifications(email: string, token: string, signal?: AbortSignal) {
  let response: Response;
  try {
    response = await fetch(
      new URL(`/api/notifications/${encodeURIComponent(email)}`, window.location.origin),
      {
        headers: { accept: 'application/json', [NOTIFICATION_TOKEN_HEADER]: token },
        credentials: 'same-origin',
        ...(signal ? { signal } : {}),
      },
    );
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw networkError(cause);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = toApiClientError(response.status, body);
    reportAccessError(error);
    throw error;
  }
  const parsed = notificationsResponseSchema.safeParse(body);
  if (!parsed.success) {
    throw new ApiClientError({
      status: response.status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: 'Unexpected notifications answer.',
    });
  }
  return parsed.data.notifications;
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
    await apiRequest(`/api/notifications/${event}`, {
      method: 'POST',
      body:
        event === 'click'
          ? { messageId: messageIds[0] }
          : { messageIds: messageIds.slice(0, NOTIFICATION_IDS_MAX) },
      schema: notificationTrackResponseSchema,
    });
  } catch (error) {
    console.warn(`[notifications] ${event} not recorded:`, error);
  }
}
