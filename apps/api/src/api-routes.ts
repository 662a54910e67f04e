import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import type { AppEnv } from './lib/context.ts';
import type * as accessRequests from './modules/access-requests/access-requests.routes.ts';
import type * as account from './modules/account/account.routes.ts';
import type * as admin from './modules/admin/admin.routes.ts';
import type * as analytics from './modules/analytics/analytics.routes.ts';
import type * as apiKeys from './modules/api-keys/api-keys.routes.ts';
import type * as buyerDemands from './modules/buyer-demands/buyer-demands.routes.ts';
import type * as crm from './modules/crm/crm.routes.ts';
import type * as devWebhookReceiver from './modules/crm/dev-webhook-receiver.routes.ts';
import type * as emailSettings from './modules/email-settings/email-settings.routes.ts';
import type * as enquiries from './modules/enquiries/enquiries.routes.ts';
import type * as dataExports from './modules/exports/exports.routes.ts';
import type * as feedback from './modules/feedback/feedback.routes.ts';
import type * as gazetteer from './modules/gazetteer/gazetteer.routes.ts';
import type * as health from './modules/health/health.routes.ts';
import type * as interest from './modules/interest/interest.routes.ts';
import type * as invitations from './modules/invitations/invitations.routes.ts';
import type * as leadApi from './modules/lead-api/lead-api.routes.ts';
import type * as leadScoring from './modules/lead-scoring/lead-scoring.routes.ts';
import type * as leads from './modules/leads/leads.routes.ts';
import type * as listingEvents from './modules/listing-events/listing-events.routes.ts';
import type * as listingFeed from './modules/listing-feed/listing-feed.routes.ts';
import type * as listings from './modules/listings/listings.routes.ts';
import type * as mailbox from './modules/mailbox/mailbox.routes.ts';
import type * as notifications from './modules/notifications/notifications.routes.ts';
import type * as organisation from './modules/organisation/organisation.routes.ts';
import type * as organisationInvitations from './modules/organisation-invitations/organisation-invitations.routes.ts';
import type * as organisationJoins from './modules/organisation-joins/organisation-joins.routes.ts';
import type * as projects from './modules/projects/projects.routes.ts';
import type * as publicListing from './modules/public-listing/public-listing.routes.ts';
import type * as reporting from './modules/reporting/reporting.routes.ts';
import type * as roles from './modules/roles/roles.routes.ts';
import type * as scheduledTasks from './modules/scheduled-tasks/scheduled-tasks.routes.ts';
import type * as site from './modules/site/site.routes.ts';

/**
 * The API's routes as one type, for Hono's typed clients (`t.client` in the API tests, decision 010).
 *
 * `createApp` returns a router whose type carries no routes: it mounts the module routers one statement
 * at a time (`app.route('/', …)`), and most module routers register their routes one statement at a time
 * too, so the schema each `.openapi()` call returns is dropped. Rather than make every module chain its
 * calls, the schema is read here from the contracts themselves: every `createRoute` a module's
 * `*.routes.ts` exports, typed exactly as `router.openapi(route, …)` would type it (inputs from the request
 * schemas, answers per status from the response schemas). A new module adds its routes file below.
 */

/** A router as typed by zod-openapi; never created (a type-only stand-in to instantiate `openapi<R>`). */
declare const router: OpenAPIHono<AppEnv, Record<never, never>, '/'>;

/** The schema `router.openapi(route, …)` adds for one route contract. */
type SchemaOfRoute<R extends RouteConfig> =
  ReturnType<typeof router.openapi<R>> extends OpenAPIHono<AppEnv, infer S, '/'> ? S : never;

/**
 * The schemas of every route contract a `*.routes.ts` module exports (other exports are ignored); given a
 * union of modules, each module on its own (`M extends unknown` distributes).
 */
type SchemaOfRoutes<M> = M extends unknown
  ? { [K in keyof M]: M[K] extends RouteConfig ? SchemaOfRoute<M[K]> : never }[keyof M]
  : never;

export type ApiSchema = SchemaOfRoutes<
  | typeof accessRequests
  | typeof account
  | typeof admin
  | typeof analytics
  | typeof apiKeys
  | typeof crm
  | typeof devWebhookReceiver
  | typeof enquiries
  | typeof feedback
  | typeof gazetteer
  | typeof health
  | typeof interest
  | typeof invitations
  | typeof leadApi
  | typeof listingFeed
  | typeof leadScoring
  | typeof leads
  | typeof listingEvents
  | typeof listings
  | typeof mailbox
  | typeof notifications
  | typeof organisation
  | typeof roles
  | typeof scheduledTasks
  | typeof emailSettings
  | typeof buyerDemands
  | typeof dataExports
  | typeof organisationInvitations
  | typeof organisationJoins
  | typeof projects
  | typeof publicListing
  | typeof reporting
  | typeof site
>;

/** The composed app as its routes' types see it (the same object as `composeApp(...).app`). */
export type ApiRoutes = OpenAPIHono<AppEnv, ApiSchema, '/'>;
