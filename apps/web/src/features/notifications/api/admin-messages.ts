import {
  API_PATHS,
  type ComposeMessage,
  composeMessageResponseSchema,
  sentMessagesResponseSchema,
} from '@offplan/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const adminMessagesQueryKey = ['admin', 'messages'] as const;

/** GET /api/admin/messages: what was sent, with open, click and read counts. */
export function adminMessagesQueryOptions() {
  return queryOptions({
    queryKey: adminMessagesQueryKey,
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.adminMessages, { schema: sentMessagesResponseSchema, signal }),
  });
}

/** POST /api/admin/messages. */
export function sendAdminMessage(message: ComposeMessage) {
  return apiRequest(API_PATHS.adminMessages, {
    method: 'POST',
    body: message,
    schema: composeMessageResponseSchema,
  });
}
