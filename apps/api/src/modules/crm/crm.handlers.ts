import { CRM_MESSAGES, type crmDestinationInputSchema, ERROR_CODES } from '@offplan/shared';
import type { Context } from 'hono';
import type { z } from 'zod';
import { audit } from '../../lib/audit.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { checkWebhookUrl } from '../../lib/outbound-url.ts';
import { createRouter } from '../../lib/router.ts';
import type { SignedInEnv } from '../../middlewares/guards.ts';
import {
  deleteCrmDestination,
  getCrmDestinationDeliveries,
  getCrmDestinations,
  getCrmProjects,
  patchCrmDestination,
  postCrmDeliveryResend,
  postCrmDestination,
  postCrmDestinationResendFailed,
  postCrmDestinationSecret,
  postCrmDestinationTest,
} from './crm.routes.ts';
import {
  crmProjects,
  deliveryPage,
  resendDelivery,
  resendFailed,
  sendTestLead,
} from './crm-delivery-log.repository.ts';
import {
  createDestination,
  type DestinationToSave,
  deleteDestination,
  listDestinations,
  organisationIdOf,
  rotateSecret,
  updateDestination,
} from './crm-destinations.repository.ts';

/** CRM destinations, the delivery log, resends and test leads (/api/crm/destinations, /api/crm/deliveries, /api/crm/projects). (decision 029). */
export const crmRouter = createRouter();

/** A handler's context once its guard proved the user (middlewares/guards.ts). */
// biome-ignore lint/suspicious/noExplicitAny: serves every route, whatever its path and input.
type SignedInContext = Context<SignedInEnv & AppEnv, any, any>;
type Db = AppEnv['Variables']['deps']['database']['db'];

const depsOf = (c: SignedInContext) => c.get('deps');

/** The caller's organisation (their oldest membership); a person without one has nothing to manage. */
async function organisationOf(c: SignedInContext): Promise<string> {
  const organisationId = await organisationIdOf(depsOf(c).database.db, c.get('user').id);
  if (!organisationId) throw forbidden(CRM_MESSAGES.noOrganisation);
  return organisationId;
}

/** Writes an audit row inside the repository's transaction (a guard's narrower context, see leads). */
const auditIn =
  (c: SignedInContext, action: string, targetType: string, targetId?: number) =>
  (tx: Db, data: Record<string, unknown>) =>
    audit(
      c as unknown as Context<AppEnv>,
      { action, targetType, ...(targetId === undefined ? {} : { targetId: String(targetId) }), data },
      tx,
    );

const fieldError = (field: string, message: string) =>
  new AppError(400, ERROR_CODES.validation, message, { [field]: message });
const noSuchDestination = () => notFound('No such destination.');

/**
 * The destination to store: a webhook's URL after decision 029's network rule (in production its host
 * must resolve to public addresses only; the delivery checks again), an email destination's address.
 */
async function destinationToSave(
  c: SignedInContext,
  input: z.output<typeof crmDestinationInputSchema>,
): Promise<DestinationToSave> {
  const common = {
    name: input.name,
    kind: input.kind,
    allProjects: input.allProjects,
    projectIds: input.projectIds,
    enabled: input.enabled,
  };
  if (input.kind === 'EMAIL') return { ...common, url: null, email: input.email ?? null };
  const checked = await checkWebhookUrl(input.url ?? '', {
    production: depsOf(c).settings.nodeEnv === 'production',
  });
  if (!checked.ok) throw fieldError('url', checked.message);
  return { ...common, url: checked.url.href, email: null };
}

const projectNotOwned = () => fieldError('projectIds', CRM_MESSAGES.projectNotOwned);

crmRouter.openapi(getCrmDestinations, async (c) => {
  const organisationId = await organisationOf(c);
  return c.json({ items: await listDestinations(depsOf(c).database.db, organisationId) }, 200);
});

crmRouter.openapi(postCrmDestination, async (c) => {
  const organisationId = await organisationOf(c);
  const input = await destinationToSave(c, c.req.valid('json'));
  const result = await createDestination(
    depsOf(c).database.db,
    organisationId,
    c.get('user').id,
    input,
    (tx, destination) =>
      auditIn(
        c,
        'crm.destination_create',
        'crm_destination',
        destination.id,
      )(tx, {
        name: destination.name,
        kind: destination.kind,
      }),
  );
  if (result === 'tooMany') throw new AppError(400, ERROR_CODES.validation, CRM_MESSAGES.destinationsMax);
  if (result === 'projectNotOwned') throw projectNotOwned();
  return c.json(result, 201);
});

crmRouter.openapi(patchCrmDestination, async (c) => {
  const organisationId = await organisationOf(c);
  const { id } = c.req.valid('param');
  const input = await destinationToSave(c, c.req.valid('json'));
  const result = await updateDestination(
    depsOf(c).database.db,
    organisationId,
    id,
    input,
    (tx, destination) =>
      auditIn(
        c,
        'crm.destination_update',
        'crm_destination',
        id,
      )(tx, {
        name: destination.name,
        enabled: destination.enabled,
        allProjects: destination.allProjects,
        projectIds: destination.projectIds,
      }),
  );
  if (result === 'notFound') throw noSuchDestination();
  if (result === 'kindChanged') throw fieldError('kind', 'A destination’s kind cannot change; add a new one');
  if (result === 'projectNotOwned') throw projectNotOwned();
  return c.json(result, 200);
});

crmRouter.openapi(deleteCrmDestination, async (c) => {
  const organisationId = await organisationOf(c);
  const { id } = c.req.valid('param');
  const deleted = await deleteDestination(depsOf(c).database.db, organisationId, id, (tx, destination) =>
    auditIn(
      c,
      'crm.destination_delete',
      'crm_destination',
      id,
    )(tx, {
      name: destination.name,
      kind: destination.kind,
    }),
  );
  if (!deleted) throw noSuchDestination();
  return c.body(null, 204);
});

crmRouter.openapi(postCrmDestinationSecret, async (c) => {
  const organisationId = await organisationOf(c);
  const { id } = c.req.valid('param');
  const result = await rotateSecret(depsOf(c).database.db, organisationId, id, (tx, destination) =>
    auditIn(
      c,
      'crm.destination_secret_rotate',
      'crm_destination',
      id,
    )(tx, {
      previousSecretExpiresAt: destination.previousSecretExpiresAt,
    }),
  );
  if (result === 'notFound') throw noSuchDestination();
  if (result === 'notWebhook') throw fieldError('kind', 'Only a webhook destination has a signing secret');
  return c.json(result, 200);
});

crmRouter.openapi(getCrmDestinationDeliveries, async (c) => {
  const organisationId = await organisationOf(c);
  const { id } = c.req.valid('param');
  const page = await deliveryPage(depsOf(c).database.db, organisationId, id, c.req.valid('query'));
  if (page === 'notFound') throw noSuchDestination();
  if (page === 'badCursor') throw fieldError('cursor', 'This cursor is not one the log gave');
  return c.json(page, 200);
});

crmRouter.openapi(postCrmDeliveryResend, async (c) => {
  const organisationId = await organisationOf(c);
  const { id } = c.req.valid('param');
  const { database, queue } = depsOf(c);
  const delivery = await resendDelivery(
    database.db,
    queue,
    organisationId,
    id,
    auditIn(c, 'crm.delivery_resend', 'crm_delivery', id),
  );
  if (!delivery) throw notFound('No such delivery.');
  return c.json(delivery, 202);
});

crmRouter.openapi(postCrmDestinationResendFailed, async (c) => {
  const organisationId = await organisationOf(c);
  const { id } = c.req.valid('param');
  const { database, queue } = depsOf(c);
  const resent = await resendFailed(
    database.db,
    queue,
    organisationId,
    id,
    auditIn(c, 'crm.destination_resend_failed', 'crm_destination', id),
  );
  if (resent === null) throw noSuchDestination();
  return c.json({ resent }, 200);
});

crmRouter.openapi(postCrmDestinationTest, async (c) => {
  const organisationId = await organisationOf(c);
  const { id } = c.req.valid('param');
  const { database, queue } = depsOf(c);
  const delivery = await sendTestLead(
    database.db,
    queue,
    organisationId,
    id,
    auditIn(c, 'crm.destination_test', 'crm_destination', id),
  );
  if (!delivery) throw noSuchDestination();
  return c.json(delivery, 202);
});

crmRouter.openapi(getCrmProjects, async (c) => {
  const organisationId = await organisationOf(c);
  return c.json({ items: await crmProjects(depsOf(c).database.db, organisationId) }, 200);
});
