import { createRoute, z } from '@hono/zod-openapi';
import {
  composeMessageResponseSchema,
  composeMessageSchema,
  IN_APP_MESSAGE_API_PATHS,
  messageIdParamsSchema,
  messageOrganisationsResponseSchema,
  messageReceiptsQuerySchema,
  messageReceiptsSchema,
  NOTIFICATION_TOKEN_HEADER,
  notificationClickSchema,
  notificationIdsSchema,
  notificationsResponseSchema,
  notificationTokenRequestSchema,
  notificationTokenResponseSchema,
  notificationTrackResponseSchema,
  retractMessageResponseSchema,
  sentMessagesResponseSchema,
  text,
} from '@offplan/shared';
import { errorResponse, jsonResponse } from '../../lib/router.ts';
import {
  jsonBody,
  requirePermission,
  requirePlatformAdmin,
  requireSession,
} from '../../middlewares/guards.ts';

const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

export const postNotificationToken = createRoute({
  method: 'post',
  path: '/api/notifications/token',
  middleware: [requireSession, jsonBody] as const,
  tags: ['Notifications'],
  summary: 'A signed notification token for the signed-in user’s own email (spec §7)',
  description: 'Lives 22 hours. Asking for any other email is refused (403).',
  request: body(notificationTokenRequestSchema),
  responses: {
    200: jsonResponse(notificationTokenResponseSchema, 'The token'),
    400: errorResponse('Invalid body'),
    401: errorResponse('No session'),
    403: errorResponse('Not your email'),
  },
});

export const getNotifications = createRoute({
  method: 'get',
  path: '/api/notifications/{email}',
  middleware: [requireSession] as const,
  tags: ['Notifications'],
  summary: 'The newest 10 in-app messages of the signed-in user (spec §7)',
  description: `Only one’s own email, with the token of POST /api/notifications/token in the ${NOTIFICATION_TOKEN_HEADER} header.`,
  request: {
    params: z.object({ email: text().min(1).max(254) }),
    headers: z.object({ [NOTIFICATION_TOKEN_HEADER]: text().max(1000).optional() }),
  },
  responses: {
    200: jsonResponse(notificationsResponseSchema, 'Messages, newest first'),
    401: errorResponse('No session, or no valid notification token'),
    403: errorResponse('Not your email'),
  },
});

const trackResponses = {
  200: jsonResponse(notificationTrackResponseSchema, 'Recorded'),
  400: errorResponse('Invalid body'),
  401: errorResponse('No session'),
  404: errorResponse('A message that is not the user’s'),
};

export const postNotificationOpen = createRoute({
  method: 'post',
  path: '/api/notifications/open',
  middleware: [requireSession, jsonBody] as const,
  tags: ['Notifications'],
  summary: 'Records that the user saw these messages (the bell opened, or a pop-up shown)',
  request: body(notificationIdsSchema),
  responses: trackResponses,
});

export const postNotificationRead = createRoute({
  method: 'post',
  path: '/api/notifications/read',
  middleware: [requireSession, jsonBody] as const,
  tags: ['Notifications'],
  summary: 'Marks these messages read for the user',
  request: body(notificationIdsSchema),
  responses: trackResponses,
});

export const postNotificationClick = createRoute({
  method: 'post',
  path: '/api/notifications/click',
  middleware: [requireSession, jsonBody] as const,
  tags: ['Notifications'],
  summary: 'Records a click on a message and marks it read',
  request: body(notificationClickSchema),
  responses: trackResponses,
});

export const postAdminMessage = createRoute({
  method: 'post',
  path: '/api/admin/messages',
  middleware: [requirePlatformAdmin, jsonBody] as const,
  tags: ['Admin'],
  summary: 'Sends an in-app message to everyone, one organisation or one user (design §5)',
  request: body(composeMessageSchema),
  responses: {
    201: jsonResponse(composeMessageResponseSchema, 'Sent'),
    400: errorResponse('Invalid message, or no such organisation or user'),
    401: errorResponse('No session'),
    403: errorResponse('Not an admin'),
  },
});

export const getAdminMessages = createRoute({
  method: 'get',
  path: '/api/admin/messages',
  middleware: [requirePlatformAdmin] as const,
  tags: ['Admin'],
  summary: 'In-app messages sent, newest first, with open, click and read counts',
  responses: {
    200: jsonResponse(sentMessagesResponseSchema, 'Messages'),
    401: errorResponse('No session'),
    403: errorResponse('Not an admin'),
  },
});

export const getAdminMessageOrganisations = createRoute({
  method: 'get',
  path: '/api/admin/messages/organisations',
  middleware: [requirePlatformAdmin] as const,
  tags: ['Admin'],
  summary: 'Organisations the composer can send to, by name',
  responses: {
    200: jsonResponse(messageOrganisationsResponseSchema, 'Organisations'),
    401: errorResponse('No session'),
    403: errorResponse('Not an admin'),
  },
});

export const postRetractMessage = createRoute({
  method: 'post',
  path: '/api/admin/messages/{messageId}/retract',
  // No body: nothing to limit.
  middleware: [requirePlatformAdmin, requirePermission('users.manage')] as const,
  tags: ['Admin'],
  summary: 'Retracts a sent message: it leaves every bell and pop-up at once, on every process',
  description:
    'Audited. The list and the tracking calls exclude it from then on; open browsers are told through GET /api/notification-events. Its open, read and click figures are kept.',
  request: { params: messageIdParamsSchema },
  responses: {
    200: jsonResponse(retractMessageResponseSchema, 'Retracted'),
    401: errorResponse('No session'),
    403: errorResponse('Not an admin, or acting as a user'),
    404: errorResponse('No such message'),
    409: errorResponse('Already retracted'),
  },
});

export const getMessageReceipts = createRoute({
  method: 'get',
  path: '/api/admin/messages/{messageId}/receipts',
  middleware: [requirePlatformAdmin, requirePermission('users.manage')] as const,
  tags: ['Admin'],
  summary: 'Who opened, read and clicked a message (first times and counts), a page at a time',
  request: { params: messageIdParamsSchema, query: messageReceiptsQuerySchema },
  responses: {
    200: jsonResponse(messageReceiptsSchema, 'The message, its totals and a page of readers'),
    400: errorResponse('Invalid page'),
    401: errorResponse('No session'),
    403: errorResponse('Not an admin, or acting as a user'),
    404: errorResponse('No such message'),
  },
});

export const getNotificationStream = createRoute({
  method: 'get',
  path: IN_APP_MESSAGE_API_PATHS.stream,
  middleware: [requireSession] as const,
  tags: ['Notifications'],
  summary: 'Server-sent events of the signed-in app: a message retracted, or read the list again',
  description:
    "Events `message-retracted` (data `{messageId}`) and `resync` (announcements may have been missed). One stream per tab; the browser's EventSource reconnects. Ends when the server shuts down.",
  responses: {
    200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } },
    401: errorResponse('No session'),
    406: errorResponse('Not asked with Accept: text/event-stream'),
  },
});
