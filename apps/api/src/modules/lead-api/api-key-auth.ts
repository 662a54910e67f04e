import { CRM_MESSAGES, ERROR_CODES, LEAD_API_RATE_PER_MINUTE } from '@offplan/shared';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { refuseOverLimit } from '../../lib/throttle.ts';
import { API_KEY_PREFIX, hashApiKey } from '../api-keys/api-keys.repository.ts';
import { type ApiKeyCaller, findApiKeyByHash, markApiKeyUsed } from './lead-api.repository.ts';

/** The context once `apiKeyAuth` proved a key: the organisation and scope it stands for. */
export type ApiKeyEnv = { Variables: { apiKey: ApiKeyCaller } };

/** The OpenAPI name of the scheme (registered with the lead API's routes). */
export const LEAD_API_SECURITY_SCHEME = 'organisationApiKey';

/** The throttle counter of one key: shared by every process through the database (lib/throttle.ts). */
export const leadApiThrottleKey = (apiKeyId: number) => `lead-api-key:${apiKeyId}`;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

function invalidKey(c: Context) {
  // RFC 6750: a refused bearer credential says which scheme the resource wants.
  c.header('WWW-Authenticate', 'Bearer realm="lead-api", error="invalid_token"');
  return new AppError(401, ERROR_CODES.invalidToken, CRM_MESSAGES.apiKeyInvalid);
}

/**
 * The lead API's one way in (decision 029): `Authorization: Bearer opk_…`, a key in use. No session
 * is read or needed. Each call counts against the key's LEAD_API_RATE_PER_MINUTE; `last_used_at` is
 * written at most once a minute.
 */
export const apiKeyAuth = createMiddleware<ApiKeyEnv>(async (c, next) => {
  const context = c as unknown as Context<AppEnv>;
  const db = context.get('deps').database.db;
  const key = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
  const found = key?.startsWith(API_KEY_PREFIX) ? await findApiKeyByHash(db, hashApiKey(key)) : null;
  if (!found) throw invalidKey(c);
  const { lastUsedDue, ...apiKey } = found;
  await refuseOverLimit(
    context,
    leadApiThrottleKey(apiKey.id),
    { windowSeconds: 60, max: LEAD_API_RATE_PER_MINUTE },
    (seconds) =>
      `This API key may make ${LEAD_API_RATE_PER_MINUTE} requests a minute. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  );
  if (lastUsedDue) await markApiKeyUsed(db, apiKey.id);
  c.set('apiKey', apiKey);
  await next();
});

/** Creating leads takes a WRITE key; a READ key only reads. After `apiKeyAuth`. */
export const requireWriteKey = createMiddleware<ApiKeyEnv>(async (c, next) => {
  if (c.get('apiKey').scope !== 'WRITE') throw forbidden(CRM_MESSAGES.apiKeyScope);
  await next();
});
