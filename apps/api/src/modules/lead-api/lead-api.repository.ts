import type { ApiKeyScope, LeadPayload } from '@offplan/shared';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organisationApiKeys, projects } from '../../db/schema/index.ts';
import { LEAD_PAYLOAD_COLUMNS, type LeadPayloadRow, leadPayloadOf } from '../crm/lead-payload.ts';

/** The caller of the lead API as its key says: which organisation, and what it may do. */
export type ApiKeyCaller = { id: number; organisationId: string; scope: ApiKeyScope };

/** `last_used_at` is written at most this often: a busy key must not make every read a write. */
const LAST_USED_PRECISION_SECONDS = 60;

/** The key in use (not revoked) with this hash, and whether its `last_used_at` is due to be written. */
export async function findApiKeyByHash(
  db: Db,
  keyHash: string,
): Promise<(ApiKeyCaller & { lastUsedDue: boolean }) | null> {
  const [row] = await db
    .select({
      id: organisationApiKeys.id,
      organisationId: organisationApiKeys.organisationId,
      scope: organisationApiKeys.scope,
      lastUsedDue: sql<boolean>`coalesce(${organisationApiKeys.lastUsedAt} <= now() - make_interval(secs => ${LAST_USED_PRECISION_SECONDS}), true)`,
    })
    .from(organisationApiKeys)
    .where(and(eq(organisationApiKeys.keyHash, keyHash), isNull(organisationApiKeys.revokedAt)));
  return row ?? null;
}

/** Marks the key used now, unless another request did within the minute (several processes may race). */
export async function markApiKeyUsed(db: Db, id: number) {
  await db
    .update(organisationApiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(organisationApiKeys.id, id),
        or(
          isNull(organisationApiKeys.lastUsedAt),
          lt(
            organisationApiKeys.lastUsedAt,
            sql`now() - make_interval(secs => ${LAST_USED_PRECISION_SECONDS})`,
          ),
        ),
      ),
    );
}

/** Where a page of the lead API starts: after this lead in (created_at, id) order. */
export type LeadApiCursor = { createdAt: string; id: number };

/**
 * One page of the organisation's leads (of projects whose organisation it is) created at or after
 * `since`, oldest first by (created_at, id), after `after` when given. `cursor` carries created_at with
 * its microseconds, as text: a JavaScript date would cut them and repeat or skip a lead on the boundary.
 */
export async function leadApiPage(
  db: Db,
  input: { organisationId: string; since: Date; after: LeadApiCursor | null; limit: number; baseUrl: string },
): Promise<{ items: LeadPayload[]; last: LeadApiCursor | null; more: boolean }> {
  const after = input.after
    ? sql`and (l.created_at, l.id) > (${input.after.createdAt}::timestamptz, ${input.after.id})`
    : sql``;
  const result = (await db.execute(sql`
    select ${LEAD_PAYLOAD_COLUMNS},
      to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor
    from leads l join projects p on p.id = l.project_id join organization o on o.id = p.organisation_id
    where p.organisation_id = ${input.organisationId} and l.created_at >= ${input.since.toISOString()}::timestamptz
      ${after}
    order by l.created_at, l.id
    limit ${input.limit + 1}`)) as unknown as { rows: (LeadPayloadRow & { cursor: string })[] };
  const rows = result.rows.slice(0, input.limit);
  const last = rows.at(-1);
  return {
    items: rows.map((row) => leadPayloadOf(row, input.baseUrl)),
    last: last ? { createdAt: last.cursor, id: last.id } : null,
    more: result.rows.length > input.limit,
  };
}

/** The organisation a project belongs to: undefined when there is no such project, null when it has none. */
export async function organisationOfProject(db: Db, projectId: number): Promise<string | null | undefined> {
  const [row] = await db
    .select({ organisationId: projects.organisationId })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row ? row.organisationId : undefined;
}
