import {
  ERROR_CODES,
  isPermissionSetKey,
  PERMISSION_DESCRIPTIONS,
  PERMISSIONS,
  type Permission,
  type PermissionSetKey,
  ROLES_MANAGE_PERMISSION,
  ROLES_MESSAGES,
} from '@offplan/shared';
import { audit } from '../../lib/audit.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import { changePermissionSet, listPermissionSets, permissionSetView } from './roles.repository.ts';
import { deleteRole, getRoles, putRole } from './roles.routes.ts';

/** Manage Roles (/roles): the permission sets of design §1, editable by admins (issue 19, decision 032). */
export const rolesRouter = createRouter();

const permissionRows = PERMISSIONS.map((name) => ({ name, description: PERMISSION_DESCRIPTIONS[name] }));

function knownSet(setKey: string): PermissionSetKey {
  if (!isPermissionSetKey(setKey)) throw notFound(ROLES_MESSAGES.unknownSet);
  return setKey;
}

function knownPermissions(names: string[]): Permission[] {
  const unknown = names.filter((name) => !(PERMISSIONS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    const message = ROLES_MESSAGES.unknownPermission(unknown);
    throw new AppError(400, ERROR_CODES.validation, message, { permissions: message });
  }
  return names as Permission[];
}

/** The one change that would lock every admin out of /roles: the platform admin set without its permission. */
const lockoutOf = (key: PermissionSetKey) => (after: readonly Permission[]) =>
  key === 'platform_admin' && !after.includes(ROLES_MANAGE_PERMISSION) ? 'lockout' : null;

rolesRouter.openapi(getRoles, async (c) =>
  c.json({ permissions: permissionRows, sets: await listPermissionSets(c.get('deps').database.db) }, 200),
);

rolesRouter.openapi(putRole, async (c) => {
  const key = knownSet(c.req.valid('param').setKey);
  const permissions = knownPermissions(c.req.valid('json').permissions);
  const { db } = c.get('deps').database;
  const change = await changePermissionSet(
    db,
    key,
    permissions,
    c.get('user').id,
    lockoutOf(key),
    (tx, data) => audit(c, { action: 'roles.update', targetType: 'permission_set', targetId: key, data }, tx),
  );
  if (change.outcome === 'lockout') throw conflict(ROLES_MESSAGES.lockout);
  return c.json(await permissionSetView(db, key), 200);
});

rolesRouter.openapi(deleteRole, async (c) => {
  const key = knownSet(c.req.valid('param').setKey);
  const { db } = c.get('deps').database;
  const change = await changePermissionSet(db, key, null, c.get('user').id, lockoutOf(key), (tx, data) =>
    audit(c, { action: 'roles.reset', targetType: 'permission_set', targetId: key, data }, tx),
  );
  if (change.outcome === 'lockout') throw conflict(ROLES_MESSAGES.lockout);
  return c.json(await permissionSetView(db, key), 200);
});
