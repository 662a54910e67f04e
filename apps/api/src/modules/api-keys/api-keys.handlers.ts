import { CRM_MESSAGES, ERROR_CODES } from '@offplan/shared';
import type { Context } from 'hono';
import { audit } from '../../lib/audit.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import type { SignedInEnv } from '../../middlewares/guards.ts';
import { loadViewer } from '../projects/project-access.ts';
import { apiKeysOf, createApiKey, revokeApiKey } from './api-keys.repository.ts';
import { deleteApiKey, getApiKeys, postApiKey } from './api-keys.routes.ts';

export const apiKeysRouter = createRouter();

/** A handler's context once its guard proved the user (middlewares/guards.ts). */
// biome-ignore lint/suspicious/noExplicitAny: serves every route, whatever its path and input.
type SignedInContext = Context<SignedInEnv & AppEnv, any, any>;

const dbOf = (c: SignedInContext) => (c as unknown as Context<AppEnv>).get('deps').database.db;

/** audit() takes the context as the app declares it; the guard only narrowed `user` (see leads.handlers.ts). */
const auditIn = (c: SignedInContext, entry: Parameters<typeof audit>[1], tx: Parameters<typeof audit>[2]) =>
  audit(c as unknown as Context<AppEnv>, entry, tx);

/**
 * The organisation whose keys the caller manages: their oldest membership's, the one their permission
 * was read from. A platform admin has none of their own (they act through impersonation).
 */
async function ownOrganisationOf(c: SignedInContext): Promise<string> {
  const viewer = await loadViewer(dbOf(c), c.get('user'));
  const organisationId = viewer.organisationIds[0];
  if (!organisationId) throw forbidden(CRM_MESSAGES.noOrganisation);
  return organisationId;
}

apiKeysRouter.openapi(getApiKeys, async (c) => {
  const organisationId = await ownOrganisationOf(c);
  return c.json({ items: await apiKeysOf(dbOf(c), organisationId) }, 200);
});

apiKeysRouter.openapi(postApiKey, async (c) => {
  const { name, scope } = c.req.valid('json');
  const organisationId = await ownOrganisationOf(c);
  const created = await createApiKey(
    dbOf(c),
    { organisationId, name, scope, createdBy: c.get('user').id },
    (tx, apiKey) =>
      auditIn(
        c,
        {
          action: 'api_key.create',
          targetType: 'api_key',
          targetId: String(apiKey.id),
          data: { organisationId, name, scope, prefix: apiKey.prefix },
        },
        tx,
      ),
  );
  if (created === 'too-many') throw new AppError(400, ERROR_CODES.validation, CRM_MESSAGES.apiKeysMax);
  return c.json(created, 201);
});

apiKeysRouter.openapi(deleteApiKey, async (c) => {
  const { id } = c.req.valid('param');
  const organisationId = await ownOrganisationOf(c);
  const revoked = await revokeApiKey(dbOf(c), organisationId, id, (tx, key) =>
    auditIn(
      c,
      {
        action: 'api_key.revoke',
        targetType: 'api_key',
        targetId: String(id),
        data: { organisationId, name: key.name, prefix: key.prefix },
      },
      tx,
    ),
  );
  if (!revoked) throw notFound('No such API key.');
  return c.body(null, 204);
});
