import { createHash, randomBytes } from 'node:crypto';
import { API_KEYS_MAX, type ApiKey, type ApiKeyScope } from '@offplan/shared';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organisationApiKeys, organization, user } from '../../db/schema/index.ts';

/** Done inside the change's transaction (its audit row): the change and its record commit together. */
type AlongWith = (tx: Db, apiKey: ApiKey) => Promise<void>;

/** Every key starts so: a leaked one is recognisable to secret scanners and to people. */
export const API_KEY_PREFIX = 'opk_';
/** `opk_` and 8 characters: enough to tell an organisation's keys apart, far too few to guess the rest. */
const SHOWN_PREFIX_LENGTH = 12;

/** How a key is kept and looked up: its SHA-256, hex. The key is 256 random bits, so no salt or slow hash is needed. */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key: `opk_` + base64url of 32 random bytes, its hash and the prefix the page shows. */
export function newApiKey() {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, keyHash: hashApiKey(key), prefix: key.slice(0, SHOWN_PREFIX_LENGTH) };
}

const apiKeyColumns = {
  id: organisationApiKeys.id,
  name: organisationApiKeys.name,
  scope: organisationApiKeys.scope,
  prefix: organisationApiKeys.prefix,
  createdAt: organisationApiKeys.createdAt,
  createdBy: user.name,
  lastUsedAt: organisationApiKeys.lastUsedAt,
};

type ApiKeyRow = {
  id: number;
  name: string;
  scope: ApiKeyScope;
  prefix: string;
  createdAt: Date;
  createdBy: string | null;
  lastUsedAt: Date | null;
};

const apiKeyOf = (row: ApiKeyRow): ApiKey => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** The organisation's keys that are not revoked, newest first. */
export async function apiKeysOf(db: Db, organisationId: string): Promise<ApiKey[]> {
  const rows = await db
    .select(apiKeyColumns)
    .from(organisationApiKeys)
    .leftJoin(user, eq(user.id, organisationApiKeys.createdBy))
    .where(and(eq(organisationApiKeys.organisationId, organisationId), isNull(organisationApiKeys.revokedAt)))
    .orderBy(desc(organisationApiKeys.createdAt), desc(organisationApiKeys.id));
  return rows.map(apiKeyOf);
}

/**
 * Makes a key unless the organisation has API_KEYS_MAX keys in use already. The organisation's row is
 * locked first, so two owners adding keys at once cannot both pass the count.
 */
export async function createApiKey(
  db: Db,
  input: { organisationId: string; name: string; scope: ApiKeyScope; createdBy: string },
  alongWith: AlongWith,
): Promise<{ apiKey: ApiKey; key: string } | 'too-many'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${organization} where id = ${input.organisationId} for update`);
    const [inUse] = await tx
      .select({ n: count() })
      .from(organisationApiKeys)
      .where(
        and(
          eq(organisationApiKeys.organisationId, input.organisationId),
          isNull(organisationApiKeys.revokedAt),
        ),
      );
    if ((inUse?.n ?? 0) >= API_KEYS_MAX) return 'too-many';
    const { key, keyHash, prefix } = newApiKey();
    const [row] = await tx
      .insert(organisationApiKeys)
      .values({ ...input, keyHash, prefix })
      .returning({ id: organisationApiKeys.id, createdAt: organisationApiKeys.createdAt });
    const [creator] = await tx.select({ name: user.name }).from(user).where(eq(user.id, input.createdBy));
    const apiKey = apiKeyOf({
      id: row!.id,
      name: input.name,
      scope: input.scope,
      prefix,
      createdAt: row!.createdAt,
      createdBy: creator?.name ?? null,
      lastUsedAt: null,
    });
    await alongWith(tx, apiKey);
    return { apiKey, key };
  });
}

/** Revokes one of the organisation's keys in use; null when it has no such key (another's, or revoked). */
export async function revokeApiKey(
  db: Db,
  organisationId: string,
  id: number,
  alongWith: (tx: Db, revoked: { name: string; prefix: string }) => Promise<void>,
): Promise<'revoked' | null> {
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(organisationApiKeys)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(organisationApiKeys.id, id),
          eq(organisationApiKeys.organisationId, organisationId),
          isNull(organisationApiKeys.revokedAt),
        ),
      )
      .returning({ name: organisationApiKeys.name, prefix: organisationApiKeys.prefix });
    if (!revoked) return null;
    await alongWith(tx, revoked);
    return 'revoked';
  });
}
