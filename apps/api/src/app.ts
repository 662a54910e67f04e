import { ERROR_CODES } from '@offplan/shared';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { mountApiDocs } from './lib/api-docs.ts';
import type { AppDeps } from './lib/context.ts';
import { AppError, errorBody } from './lib/errors.ts';
import { createRouter } from './lib/router.ts';
import { mountStaticWeb } from './lib/static-web.ts';
import { requestContext } from './middlewares/request-context.ts';
import { securityHeaders } from './middlewares/security-headers.ts';
import { loadSession } from './middlewares/session.ts';
import { trustedOriginOnly } from './middlewares/trusted-origin.ts';
import { accountRouter } from './modules/account/account.handlers.ts';
import { handleAuth } from './modules/auth/auth.handlers.ts';
import { healthRouter } from './modules/health/health.handlers.ts';
import { siteRouter } from './modules/site/site.handlers.ts';

/** JSON bodies beyond this are refused before they are read (uploads get their own limits). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export function createApp(deps: AppDeps, options: { serveWeb?: boolean } = {}) {
  const app = createRouter();

  app.use('*', requestContext(deps));
  app.use('*', ...securityHeaders);
  app.use('/api/*', compress({ threshold: 1024 }));
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: JSON_BODY_LIMIT_BYTES,
      onError: (c) =>
        c.json(
          errorBody(
            ERROR_CODES.payloadTooLarge,
            `The request body is larger than ${JSON_BODY_LIMIT_BYTES} bytes.`,
          ),
          413,
        ),
    }),
  );

  app.use('/api/*', trustedOriginOnly(deps.settings.trustedOrigins));
  // better-auth rate-limits its own routes (limits kept in the database).
  app.on(['GET', 'POST'], '/api/auth/*', handleAuth);
  app.use('/api/*', loadSession);

  app.route('/', healthRouter);
  app.route('/', siteRouter);
  app.route('/', accountRouter);

  mountApiDocs(app, deps.settings.productName);

  app.all('/api/*', (c) =>
    c.json(errorBody(ERROR_CODES.notFound, `No API route ${c.req.method} ${c.req.path}.`), 404),
  );
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
