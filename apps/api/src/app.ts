import { ERROR_CODES, MEDIA_LIMITS, PROFILE_PHOTO_MAX_BYTES } from '@offplan/shared';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { mountApiDocs } from './lib/api-docs.ts';
import type { AppDeps } from './lib/context.ts';
import { AppError, errorBody } from './lib/errors.ts';
import { mountUploads, PROFILE_PHOTO_PATH } from './lib/profile-photo.ts';
import { createRouter } from './lib/router.ts';
import { mountStaticWeb } from './lib/static-web.ts';
import { requestContext } from './middlewares/request-context.ts';
import { securityHeaders } from './middlewares/security-headers.ts';
import { loadSession } from './middlewares/session.ts';
import { trustedOriginOnly } from './middlewares/trusted-origin.ts';
import { accessRequestsRouter } from './modules/access-requests/access-requests.handlers.ts';
import { accountRouter } from './modules/account/account.handlers.ts';
import { adminRouter } from './modules/admin/admin.handlers.ts';
import { analyticsRouter } from './modules/analytics/analytics.handlers.ts';
import { ANALYTICS_BATCH_MAX_BYTES, ANALYTICS_BATCH_PATH } from './modules/analytics/analytics.routes.ts';
import { handleAuth } from './modules/auth/auth.handlers.ts';
import { feedbackRouter } from './modules/feedback/feedback.handlers.ts';
import { gazetteerRouter } from './modules/gazetteer/gazetteer.handlers.ts';
import { healthRouter } from './modules/health/health.handlers.ts';
import { interestRouter } from './modules/interest/interest.handlers.ts';
import { invitationsRouter } from './modules/invitations/invitations.handlers.ts';
import { listingsRouter } from './modules/listings/listings.handlers.ts';
import { LISTING_MEDIA_UPLOAD_PATH } from './modules/listings/listings.routes.ts';
import { mailboxRouter } from './modules/mailbox/mailbox.handlers.ts';
import { notificationsRouter } from './modules/notifications/notifications.handlers.ts';
import { legacyProjectRouter, projectsRouter } from './modules/projects/projects.handlers.ts';
import { publicListingRouter } from './modules/public-listing/public-listing.handlers.ts';
import { siteRouter } from './modules/site/site.handlers.ts';
import { maintenanceGate, tenantContext } from './modules/site/site.middleware.ts';

/** JSON bodies beyond this are refused before they are read (uploads get their own limits). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export function createApp(deps: AppDeps, options: { serveWeb?: boolean } = {}) {
  const app = createRouter();

  app.use('*', requestContext(deps));
  // Design §8: the host name picks the tenant that brands the answers and emails of this request.
  app.use('*', tenantContext);
  const mediaOrigin = deps.settings.listings.s3 && new URL(deps.settings.listings.s3.publicUrl).origin;
  app.use('*', ...securityHeaders(mediaOrigin ? [mediaOrigin] : []));
  app.use('/api/*', compress({ threshold: 1024 }));
  const limitBody = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) =>
        c.json(
          errorBody(ERROR_CODES.payloadTooLarge, `The request body is larger than ${maxSize} bytes.`),
          413,
        ),
    });
  const jsonBodyLimit = limitBody(JSON_BODY_LIMIT_BYTES);
  // A photo (5 MB) plus the multipart envelope.
  const photoBodyLimit = limitBody(PROFILE_PHOTO_MAX_BYTES + 64 * 1024);
  const analyticsBodyLimit = limitBody(ANALYTICS_BATCH_MAX_BYTES);
  // Listing media: a brochure or floorplan (20 MB, images 10 MB: checked per kind) plus the envelope.
  const mediaBodyLimit = limitBody(MEDIA_LIMITS.documentMaxBytes + 64 * 1024);
  app.use('/api/*', (c, next) =>
    c.req.path === PROFILE_PHOTO_PATH
      ? photoBodyLimit(c, next)
      : c.req.path === ANALYTICS_BATCH_PATH
        ? analyticsBodyLimit(c, next)
        : LISTING_MEDIA_UPLOAD_PATH.test(c.req.path) && c.req.method === 'POST'
          ? mediaBodyLimit(c, next)
          : jsonBodyLimit(c, next),
  );

  app.use('/api/*', trustedOriginOnly(deps.settings.trustedOrigins));
  // Issue 4: maintenance refuses calls with 503, except sign-in and what admins need (decision 018).
  app.use('/api/auth/*', maintenanceGate);
  // better-auth rate-limits its own routes (limits kept in the database).
  app.on(['GET', 'POST'], '/api/auth/*', handleAuth);
  app.use('/api/*', loadSession);
  app.use('/api/*', maintenanceGate);

  app.route('/', healthRouter);
  app.route('/', siteRouter);
  app.route('/', accountRouter);
  app.route('/', projectsRouter);
  app.route('/', accessRequestsRouter);
  app.route('/', adminRouter);
  app.route('/', analyticsRouter);
  app.route('/', invitationsRouter);
  app.route('/', mailboxRouter);
  app.route('/', feedbackRouter);
  app.route('/', interestRouter);
  app.route('/', notificationsRouter);
  app.route('/', listingsRouter);
  app.route('/', gazetteerRouter);
  // Also the public listing page /{state}/{slug}: before the web app's fallback (only the 8 lower-case states).
  app.route('/', publicListingRouter);

  mountApiDocs(app, deps.settings.productName);

  app.all('/api/*', (c) =>
    c.json(errorBody(ERROR_CODES.notFound, `No API route ${c.req.method} ${c.req.path}.`), 404),
  );
  mountUploads(app, deps.settings.dataDir);
  // Legacy GET /projects/{id} (spec §7): before the web app's fallback, which serves /projects/{id}/summary.
  app.route('/', legacyProjectRouter);
  if (options.serveWeb !== false) mountStaticWeb(app);

  app.notFound((c) =>
    c.json(errorBody(ERROR_CODES.notFound, 'Not found.', undefined, c.get('requestId')), 404),
  );
  app.onError((error, c) => {
    const requestId = c.get('requestId');
    if (error instanceof AppError) {
      return c.json(errorBody(error.code, error.message, error.fields, requestId), error.status);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      const code =
        status === 413
          ? ERROR_CODES.payloadTooLarge
          : status === 403
            ? ERROR_CODES.forbidden
            : ERROR_CODES.badRequest;
      return c.json(errorBody(code, error.message || 'Bad request.', undefined, requestId), status);
    }
    (c.get('log') ?? deps.logger).error({ err: error }, 'unhandled error');
    return c.json(
      errorBody(ERROR_CODES.internal, 'Something went wrong on our side.', undefined, requestId),
      500,
    );
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
