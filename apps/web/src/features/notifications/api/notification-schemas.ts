/**
 * The bell's answers' schemas, loaded with `import()` beside each call (notifications.ts,
 * notification-token.ts): the frame is on every signed-in page's first paint, and a module it
 * imports may not bring Zod (decision 044, seventh pass).
 */
export {
  notificationsResponseSchema,
  notificationTokenResponseSchema,
  notificationTrackResponseSchema,
} from '@offplan/shared';
