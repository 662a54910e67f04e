import { ERROR_CODES } from '@offplan/shared';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { mountApiDocs } from './lib/api-docs.ts';
import type { AppDeps } from './lib/context.ts';
import type { EdgeRoute } from './lib/edge.ts';
import { AppError, errorBody } from './lib/errors.ts';
import { firstPaintFrom } from './lib/first-paint.ts';
import { pageAnswersFrom } from './lib/page-answers.ts';
import { mountUploads } from './lib/profile-photo.ts';
import { createRouter } from './lib/router.ts';
import { defaultStaticWebFolders, mountStaticWeb, type StaticWebFolders } from './lib/static-web.ts';
import { jsonBody } from './middlewares/guards.ts';
import { requestContext } from './middlewares/request-context.ts';
import { imageOriginsOf, securityHeaders } from './middlewares/security-headers.ts';
import { loadSession } from './middlewares/session.ts';
import { trustedOriginOnly } from './middlewares/trusted-origin.ts';
import { accessRequestsRouter } from './modules/access-requests/access-requests.handlers.ts';
import { accountRouter } from './modules/account/account.handlers.ts';
import { adminRouter } from './modules/admin/admin.handlers.ts';
import { analyticsRouter } from './modules/analytics/analytics.handlers.ts';
import { apiKeysRouter } from './modules/api-keys/api-keys.handlers.ts';
import { handleAuth } from './modules/auth/auth.handlers.ts';
import { buyerDemandsRouter } from './modules/buyer-demands/buyer-demands.handlers.ts';
import { buyerFeedbackRouter } from './modules/buyer-feedback/buyer-feedback.handlers.ts';
import { crmRouter } from './modules/crm/crm.handlers.ts';
import { devWebhookReceiverRouter } from './modules/crm/dev-webhook-receiver.handlers.ts';
import { emailSettingsRouter } from './modules/email-settings/email-settings.handlers.ts';
import { enquiriesRouter } from './modules/enquiries/enquiries.handlers.ts';
import { exportsRouter } from './modules/exports/exports.handlers.ts';
import { feedbackRouter } from './modules/feedback/feedback.handlers.ts';
import { gazetteerRouter } from './modules/gazetteer/gazetteer.handlers.ts';
import { healthRouter, livenessProbe } from './modules/health/health.handlers.ts';
import { interestRouter } from './modules/interest/interest.handlers.ts';
import { invitationsRouter } from './modules/invitations/invitations.handlers.ts';
import { leadApiRouter } from './modules/lead-api/lead-api.handlers.ts';
import { leadScoringRouter } from './modules/lead-scoring/lead-scoring.handlers.ts';
import { leadsRouter } from './modules/leads/leads.handlers.ts';
import { listingEventsRouter } from './modules/listing-events/listing-events.handlers.ts';
import { listingFeedRouter } from './modules/listing-feed/listing-feed.handlers.ts';
import { listingsRouter } from './modules/listings/listings.handlers.ts';
import { mailboxRouter } from './modules/mailbox/mailbox.handlers.ts';
import { metricsRouter } from './modules/metrics/metrics.handlers.ts';
import { countRequests } from './modules/metrics/metrics.middleware.ts';
import { notificationsRouter } from './modules/notifications/notifications.handlers.ts';
import { organisationRouter } from './modules/organisation/organisation.handlers.ts';
import { organisationInvitationsRouter } from './modules/organisation-invitations/organisation-invitations.handlers.ts';
import { organisationJoinsRouter } from './modules/organisation-joins/organisation-joins.handlers.ts';
import { legacyProjectRouter, projectsRouter } from './modules/projects/projects.handlers.ts';
import { cachedListingPages, publicListingRouter } from './modules/public-listing/public-listing.handlers.ts';
import { reportingRouter } from './modules/reporting/reporting.handlers.ts';
import { rolesRouter } from './modules/roles/roles.handlers.ts';
import { scheduledTasksRouter } from './modules/scheduled-tasks/scheduled-tasks.handlers.ts';
import { siteRouter } from './modules/site/site.handlers.ts';
import { maintenanceGate, tenantContext } from './modules/site/site.middleware.ts';

/**
 * SQLSTATEs PostgreSQL answers when text holds a NUL: 22021 "invalid byte sequence" (a text value),
 * 22P05 "unsupported Unicode escape sequence" (`\u0000` in jsonb).
 */
const NUL_IN_TEXT_SQLSTATES = new Set(['22021', '22P05']);

/** Whether an error is PostgreSQL refusing a NUL, on the error or a cause (drizzle wraps the driver's). */
export function isNulInTextError(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && NUL_IN_TEXT_SQLSTATES.has(code)) return true;
    current = cause;
  }
  return false;
}

/**
 * What the process answers before the app (lib/edge.ts, decision 047), from memory alone: the liveness
 * probe and the public listing pages in the page cache. The app keeps both routes for everything else.
 */
export function edgeRoutes(deps: AppDeps, authSecret: string): EdgeRoute[] {
  return [livenessProbe, cachedListingPages(deps, authSecret)];
}

export type CreateAppOptions = {
  /** Serve the built web app for paths outside the API (off in most tests). */
  serveWeb?: boolean;
  /** Where the web app's build and the demo media are, when not where a checkout has them (tests). */
  webFolders?: StaticWebFolders;
};

export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const app = createRouter();

  // First, so a request's time includes every middleware; labelled by the route that answered.
  app.use('*', countRequests(deps.metrics));
  app.use('*', requestContext(deps));
  // Design §8: the host name picks the tenant that brands the answers and emails of this request.
  app.use('*', tenantContext);
  app.use('*', securityHeaders(imageOriginsOf(deps.settings)));
  app.use('/api/*', compress({ threshold: 1024 }));
  app.use('/api/*', trustedOriginOnly(deps.settings.trustedOrigins));
  // Issue 4: maintenance refuses calls with 503, except sign-in and what admins need (decision 018).
  app.use('/api/auth/*', maintenanceGate);
  // better-auth's routes have no contract of their own: their body limit is said here. Every other
  // route says its own in its createRoute middleware (decision 024).
  app.use('/api/auth/*', jsonBody);
  // better-auth rate-limits its own routes (limits kept in the database).
  app.on(['GET', 'POST'], '/api/auth/*', handleAuth);
  app.use('/api/*', loadSession);
  app.use('/api/*', maintenanceGate);

  app.route('/', healthRouter);
  app.route('/', metricsRouter);
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
  app.route('/', leadsRouter);
  app.route('/', leadScoringRouter);
  app.route('/', enquiriesRouter);
  app.route('/', listingEventsRouter);
  app.route('/', reportingRouter);
  app.route('/', crmRouter);
  app.route('/', apiKeysRouter);
  app.route('/', leadApiRouter);
  app.route('/', listingFeedRouter);
  app.route('/', devWebhookReceiverRouter);
  app.route('/', organisationRouter);
  app.route('/', organisationInvitationsRouter);
  app.route('/', organisationJoinsRouter);
  app.route('/', rolesRouter);
  app.route('/', scheduledTasksRouter);
  app.route('/', emailSettingsRouter);
  app.route('/', buyerDemandsRouter);
  app.route('/', exportsRouter);
  // Also the public listing page /{state}/{slug}: before the web app's fallback (only the 8 lower-case states).
  app.route('/', publicListingRouter);
  // The buyer's feedback page /rate/{token} (issue 17), server-rendered like the listing page.
  app.route('/', buyerFeedbackRouter);

  mountApiDocs(app, deps.settings.productName);

  app.all('/api/*', (c) =>
    c.json(errorBody(ERROR_CODES.notFound, `No API route ${c.req.method} ${c.req.path}.`), 404),
  );
  mountUploads(app, deps.settings.dataDir);
  // Legacy GET /projects/{id} (spec §7): before the web app's fallback, which serves /projects/{id}/summary.
  app.route('/', legacyProjectRouter);
  if (options.serveWeb !== false) {
    // A signed-in page comes with the answers to its first calls, asked of this app (decision 048).
    // A landing page also comes drawn, by the web app's server build (decision 050).
    const webFolders = options.webFolders ?? defaultStaticWebFolders;
    mountStaticWeb(app, webFolders, {
      pageAnswers: pageAnswersFrom(app),
      firstPaint: firstPaintFrom(app, webFolders.serverBuildDir),
    });
  }

  app.notFound((c) =>
    c.json(errorBody(ERROR_CODES.notFound, 'Not found.', undefined, c.get('requestId')), 404),
  );
  app.onError((error, c) => {
    const requestId = c.get('requestId');
    if (error instanceof AppError) {
      return c.json(errorBody(error.code, error.message, error.fields, requestId), error.status);
    }
    if (isNulInTextError(error)) {
      // A schema without the text rule let a NUL through: the input was wrong, not the server.
      (c.get('log') ?? deps.logger).warn({ path: c.req.path }, 'NUL in text reached the database');
      return c.json(
        errorBody(ERROR_CODES.validation, 'Text must not contain a NUL character.', undefined, requestId),
        400,
      );
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
