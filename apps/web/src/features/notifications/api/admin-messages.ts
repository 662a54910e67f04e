import {
  API_PATHS,
  type ComposeMessage,
  composeMessageResponseSchema,
  IN_APP_MESSAGE_API_PATHS,
  messageReceiptsSchema,
  retractMessageResponseSchema,
  sentMessagesResponseSchema,
} from '@offplan/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';

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

/** GET …/receipts?page=: who opened, read and clicked one message, a page at a time. */
export function messageReceiptsQueryOptions(messageId: string, page: number) {
  return queryOptions({
    queryKey: [...adminMessagesQueryKey, messageId, 'receipts', page],
    queryFn: ({ signal }) =>
      apiRequest(`${IN_APP_MESSAGE_API_PATHS.receipts(messageId)}?page=${page}`, {
        schema: messageReceiptsSchema,
        signal,
      }),
  });
}

/** POST …/retract: the message leaves every bell and pop-up; the sent list shows it retracted. */
export function useRetractMessage() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiClientError, string>({
    mutationFn: (messageId) =>
      apiRequest(IN_APP_MESSAGE_API_PATHS.retract(messageId), {
        method: 'POST',
        schema: retractMessageResponseSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminMessagesQueryKey }),
  });
}
