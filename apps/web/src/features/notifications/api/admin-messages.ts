import {
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
      apiRequest('/api/admin/messages', { schema: sentMessagesResponseSchema, signal }),
  });
}

/** POST /api/admin/messages. */
export function sendAdminMessage(message: ComposeMessage) {
  return apiRequest('/api/admin/messages', {
    method: 'POST',
    body: message,
    schema: composeMessageResponseSchema,
  });
}
