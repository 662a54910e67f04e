import { ERROR_CODES, PROFILE_PHOTO_MAX_BYTES } from '@offplan/shared';
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
import { accountRouter } from './modules/account/account.handlers.ts';
import { adminRouter } from './modules/admin/admin.handlers.ts';
import { analyticsRouter } from './modules/analytics/analytics.handlers.ts';
import { ANALYTICS_BATCH_MAX_BYTES, ANALYTICS_BATCH_PATH } from './modules/analytics/analytics.routes.ts';
import { handleAuth } from './modules/auth/auth.handlers.ts';
import { healthRouter } from './modules/health/health.handlers.ts';
import { invitationsRouter } from './modules/invitations/invitations.handlers.ts';
import { mailboxRouter } from './modules/mailbox/mailbox.handlers.ts';
import { siteRouter } from './modules/site/site.handlers.ts';

/** JSON bodies beyond this are refused before they are read (uploads get their own limits). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export function createApp(deps: AppDeps, options: { serveWeb?: boolean } = {}) {
  const app = createRouter();

  app.use('*', requestContext(deps));
  app.use('*', ...securityHeaders);
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
  app.use('/api/*', (c, next) =>
    c.req.path === PROFILE_PHOTO_PATH
      ? photoBodyLimit(c, next)
      : c.req.path === ANALYTICS_BATCH_PATH
        ? analyticsBodyLimit(c, next)
        : jsonBodyLimit(c, next),
  );

  app.use('/api/*', trustedOriginOnly(deps.settings.trustedOrigins));
  // better-auth rate-limits its own routes (limits kept in the database).
  app.on(['GET', 'POST'], '/api/auth/*', handleAuth);
  app.use('/api/*', loadSession);

  app.route('/', healthRouter);
  app.route('/', siteRouter);
  app.route('/', accountRouter);
  app.route('/', adminRouter);
  app.route('/', analyticsRouter);
  app.route('/', invitationsRouter);
  app.route('/', mailboxRouter);

  mountApiDocs(app, deps.settings.productName);

  app.all('/api/*', (c) =>
    c.json(errorBody(ERROR_CODES.notFound, `No API route ${c.req.method} ${c.req.path}.`), 404),
  );
  mountUploads(app, deps.settings.dataDir);
  if (options.serveWeb !== false) mountStaticWeb(app);

  app.notFound((c) => c.json(errorBody(ERROR_CODES.notFound, 'Not found.', undefined, c.var.requestId), 404));
  app.onError((error, c) => {
    const requestId = c.var.requestId;
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
    (c.var.log ?? deps.logger).error({ err: error }, 'unhandled error');
    return c.json(
      errorBody(ERROR_CODES.internal, 'Something went wrong on our side.', undefined, requestId),
      500,
    );
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
