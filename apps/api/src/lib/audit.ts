import type { Context } from 'hono';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import type { AppEnv } from './context.ts';

type AuditEntry = {
  action: string;
  targetType?: string;
  targetId?: string;
  data?: Record<string, unknown>;
};

type AuditRecord = AuditEntry & {
  /** The real person: during impersonation, the admin. */
  actorUserId: string | null;
  actingAsUserId?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
};

/** Writes one audit row (for code outside a request handler, such as better-auth plugin endpoints). */
export async function recordAudit(db: Db, record: AuditRecord) {
  await db.insert(auditLog).values({ ...record, userAgent: record.userAgent?.slice(0, 512) ?? null });
}

/**
 * Records a write. During impersonation the actor is the real admin (the session's
 * `impersonatedBy`) and the impersonated user is kept as `actingAsUserId`. Generic over the env: a
 * handler whose guard proved the user (decision 024) passes its narrower context.
 */
export async function audit<E extends AppEnv>(
  c: Context<E>,
  entry: AuditEntry,
  db: Db = (c as unknown as Context<AppEnv>).get('deps').database.db,
) {
  const context = c as unknown as Context<AppEnv>;
  const user = context.get('user');
  const impersonatedBy = context.get('session')?.impersonatedBy ?? null;
  await recordAudit(db, {
    ...entry,
    actorUserId: impersonatedBy ?? user?.id ?? null,
    actingAsUserId: impersonatedBy ? (user?.id ?? null) : null,
    ipAddress: context.get('clientIp') ?? null,
    userAgent: context.req.header('user-agent') ?? null,
    requestId: context.get('requestId'),
  });
}
