import {
  ERROR_CODES,
  isPermissionSetKey,
  isPlatformAdmin,
  PERMISSIONS,
  type PermissionSets,
} from '@offplan/shared';
import type { Context } from 'hono';
import { audit } from '../../lib/audit.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { permissionCheckOf, permissionSetsIn } from '../../lib/permissions.ts';
import { removeProfilePhoto, storeProfilePhoto } from '../../lib/profile-photo.ts';
import { createRouter } from '../../lib/router.ts';
import { refreshRecommendations } from '../projects/recommendations.repository.ts';
import {
  activeSessionsOf,
  chooseFirstJobRole,
  getAccountState,
  jobRoleTargetOf,
  profilePhotoOf,
  revokeOwnSession,
  setImpersonationOptOut,
  setJobRole,
  setProfilePhoto,
  updateUserNames,
} from './account.repository.ts';
import {
  deleteAccountSession,
  deleteProfilePhoto,
  getAccountSessions,
  getUserProjects,
  postChooseRole,
  postImpersonationPreference,
  postMemberJobRole,
  postProfilePhoto,
  postUserUpdate,
} from './account.routes.ts';

export const accountRouter = createRouter();

/**
 * audit() takes the request context as the app declares it; a guard only narrowed `user` and `session`
 * to not-null, which TypeScript cannot see through (a context's `set` makes it invariant).
 */
const auditIn = <E extends AppEnv>(
  c: Context<E>,
  entry: Parameters<typeof audit>[1],
  tx: Parameters<typeof audit>[2],
) => audit(c as unknown as Context<AppEnv>, entry, tx);

accountRouter.openapi(getUserProjects, async (c) => {
  const { db } = c.get('deps').database;
  const userId = c.get('user').id;
  // Design §2's automatic recommendations are kept up to date when their inputs change (a listing saved
  // or claimed, a membership approved, the role chosen after joining): read as stored (issue 22 part 5).
  const state = await getAccountState(db, userId);
  // The web shows and hides what the server would refuse from this list, never from code defaults.
  const { can } = await permissionCheckOf(
    c.get('deps').database,
    c.get('user'),
    state.organisation?.role ?? null,
  );
  const permissions = PERMISSIONS.filter(can);
  return c.json({ success: true as const, output: { ...state, permissions } }, 200);
});

accountRouter.openapi(postUserUpdate, async (c) => {
  const body = c.req.valid('json');
  const userId = c.get('user').id;
  const names = {
    firstName: body.first_name,
    lastName: body.last_name,
    ...(body.title !== undefined ? { title: body.title } : {}),
  };
  await updateUserNames(c.get('deps').database.db, userId, names, (tx) =>
    auditIn(c, { action: 'user.update_names', targetType: 'user', targetId: userId, data: names }, tx),
  );
  return c.json({ success: true as const }, 200);
});

accountRouter.openapi(postChooseRole, async (c) => {
  const { roleId } = c.req.valid('json');
  const userId = c.get('user').id;
  const result = await chooseFirstJobRole(c.get('deps').database.db, userId, roleId, (tx) =>
    auditIn(c, { action: 'user.choose_role', targetType: 'user', targetId: userId, data: { roleId } }, tx),
  );
  // Issue 15 finding 2: lead-contact masking hangs on the job role, so the user sets it only once.
  if (result === 'already-chosen') {
    throw forbidden(
      'Your job role is already set. Ask an owner of your organisation or a platform admin to change it.',
    );
  }
  // Every new portal user (registered or invited into an organisation) chooses a role first: their first
  // automatic recommendations, by organisation name and email domain, are made here.
  await refreshRecommendations(c.get('deps').database.db, userId);
  return c.json({ jobRoleId: roleId }, 200);
});

/** Whether a job role's set, as in force (/roles; spec §6's role-id list at first), masks lead contacts. */
const masksContacts = (sets: PermissionSets, roleId: number | null) => {
  const key = `job_role_${roleId}`;
  return isPermissionSetKey(key) && !sets[key].includes('leads.contact_details');
};

accountRouter.openapi(postMemberJobRole, async (c) => {
  const { userId } = c.req.valid('param');
  const { roleId } = c.req.valid('json');
  const actor = c.get('user');
  const { db } = c.get('deps').database;
  const actorIsAdmin = isPlatformAdmin(actor);
  const target = await jobRoleTargetOf(db, actor.id, userId);
  // An owner learns nothing about people outside their organisations: missing and foreign answer alike.
  if (!actorIsAdmin && !target?.ownedByActor) {
    throw forbidden('You can change the job role only of members of an organisation you own.');
  }
  if (!target) throw notFound('No such user.');
  if (isPlatformAdmin(target)) throw forbidden('Platform admins have no job role.');
  const sets = await permissionSetsIn(c.get('deps').database);
  if (
    !actorIsAdmin &&
    target.id === actor.id &&
    masksContacts(sets, target.jobRoleId) !== masksContacts(sets, roleId)
  ) {
    throw forbidden(
      'You cannot move yourself into or out of a role whose lead contacts are masked: ask a platform admin.',
    );
  }
  const data = { from: target.jobRoleId, to: roleId };
  await setJobRole(db, target.id, roleId, (tx) =>
    auditIn(c, { action: 'user.set_job_role', targetType: 'user', targetId: target.id, data }, tx),
  );
  return c.json({ userId: target.id, jobRoleId: roleId }, 200);
});

accountRouter.openapi(postImpersonationPreference, async (c) => {
  const { optOut } = c.req.valid('json');
  const userId = c.get('user').id;
  await setImpersonationOptOut(c.get('deps').database.db, userId, optOut, (tx) =>
    auditIn(
      c,
      { action: 'user.impersonation_opt_out', targetType: 'user', targetId: userId, data: { optOut } },
      tx,
    ),
  );
  return c.json({ optOut }, 200);
});

accountRouter.openapi(getAccountSessions, async (c) => {
  const rows = await activeSessionsOf(c.get('deps').database.db, c.get('user').id);
  const currentId = c.get('session').id;
  const sessions = rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    current: row.id === currentId,
  }));
  return c.json({ sessions }, 200);
});

accountRouter.openapi(deleteAccountSession, async (c) => {
  const { id } = c.req.valid('param');
  const deleted = await revokeOwnSession(c.get('deps').database.db, c.get('user').id, id, (tx) =>
    auditIn(c, { action: 'user.revoke_session', targetType: 'session', targetId: id }, tx),
  );
  // Another user's session id answers the same as a missing one: nothing to learn from it.
  if (!deleted) throw notFound('No such session.');
  return c.json({ success: true as const }, 200);
});

accountRouter.openapi(postProfilePhoto, async (c) => {
  const { file } = c.req.valid('form') as { file?: unknown };
  if (!(file instanceof File)) {
    throw new AppError(400, ERROR_CODES.validation, 'Choose a photo to upload.', {
      file: 'Choose a photo to upload.',
    });
  }
  const { db } = c.get('deps').database;
  const { dataDir } = c.get('deps').settings;
  const userId = c.get('user').id;
  const image = await storeProfilePhoto(dataDir, userId, file);
  const previous = await profilePhotoOf(db, userId);
  await setProfilePhoto(db, userId, image, (tx) =>
    auditIn(c, { action: 'user.update_photo', targetType: 'user', targetId: userId }, tx),
  );
  await removeProfilePhoto(dataDir, previous);
  return c.json({ image }, 200);
});

accountRouter.openapi(deleteProfilePhoto, async (c) => {
  const { db } = c.get('deps').database;
  const userId = c.get('user').id;
  const previous = await profilePhotoOf(db, userId);
  await setProfilePhoto(db, userId, null, (tx) =>
    auditIn(c, { action: 'user.remove_photo', targetType: 'user', targetId: userId }, tx),
  );
  await removeProfilePhoto(c.get('deps').settings.dataDir, previous);
  return c.json({ image: null }, 200);
});
