import {
  DEFAULT_PERMISSION_SETS,
  PERMISSION_SET_INFO,
  PERMISSIONS,
  type Permission,
  type PermissionSetKey,
  type PermissionSetView,
  permissionSetsWith,
} from '@offplan/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { permissionSetOverrides, user } from '../../db/schema/index.ts';

type OverrideRow = {
  setKey: string;
  permissions: string[];
  updatedAt: Date;
  updatedById: string | null;
  updatedByName: string | null;
};

async function overrides(db: Db): Promise<OverrideRow[]> {
  return db
    .select({
      setKey: permissionSetOverrides.setKey,
      permissions: permissionSetOverrides.permissions,
      updatedAt: permissionSetOverrides.updatedAt,
      updatedById: permissionSetOverrides.updatedById,
      updatedByName: user.name,
    })
    .from(permissionSetOverrides)
    .leftJoin(user, eq(user.id, permissionSetOverrides.updatedById));
}

/** Every set as /roles shows it, in its column order. */
export async function listPermissionSets(db: Db): Promise<PermissionSetView[]> {
  const rows = await overrides(db);
  const sets = permissionSetsWith(rows);
  return PERMISSION_SET_INFO.map((info) => {
    const row = rows.find((candidate) => candidate.setKey === info.key);
    return {
      ...info,
      permissions: [...sets[info.key]],
      defaultPermissions: [...DEFAULT_PERMISSION_SETS[info.key]],
      edited: row !== undefined,
      updatedAt: row?.updatedAt.toISOString() ?? null,
      updatedBy: row?.updatedById ? { id: row.updatedById, name: row.updatedByName ?? '' } : null,
    };
  });
}

export async function permissionSetView(db: Db, key: PermissionSetKey): Promise<PermissionSetView> {
  const found = (await listPermissionSets(db)).find((set) => set.key === key);
  if (!found) throw new Error(`No permission set ${key}`);
  return found;
}

/** What a change did: the set's permissions before and after, or why it was refused. */
export type SetChange =
  | { outcome: 'saved'; before: Permission[]; after: Permission[] }
  | { outcome: 'lockout' };

/**
 * Replaces (`permissions`) or resets (null) one set in one transaction, with `afterWrite` (the audit
 * row) in it. Edits take turns (a lock on the table), so the last-admin rule is judged on what is saved.
 */
export async function changePermissionSet(
  db: Db,
  key: PermissionSetKey,
  permissions: readonly Permission[] | null,
  actorId: string,
  refusal: (after: readonly Permission[]) => 'lockout' | null,
  afterWrite: (tx: Db, change: { before: Permission[]; after: Permission[] }) => Promise<void>,
): Promise<SetChange> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${permissionSetOverrides} in share row exclusive mode`);
    const before = [...permissionSetsWith(await overrides(tx))[key]];
    const after = permissions
      ? PERMISSIONS.filter((permission) => permissions.includes(permission))
      : [...DEFAULT_PERMISSION_SETS[key]];
    if (refusal(after)) return { outcome: 'lockout' };
    if (permissions) {
      const row = { permissions: after, updatedById: actorId, updatedAt: new Date() };
      await tx
        .insert(permissionSetOverrides)
        .values({ setKey: key, ...row })
        .onConflictDoUpdate({ target: permissionSetOverrides.setKey, set: row });
    } else {
      await tx.delete(permissionSetOverrides).where(eq(permissionSetOverrides.setKey, key));
    }
    await afterWrite(tx, { before, after });
    return { outcome: 'saved', before, after };
  });
}
