import { ERROR_CODES } from '@offplan/shared';
import { and, eq, gt } from 'drizzle-orm';
import { session as sessionTable, user as userTable } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { removeProfilePhoto, storeProfilePhoto } from '../../lib/profile-photo.ts';
import { createRouter } from '../../lib/router.ts';
import { refuseWhileImpersonating, requireNonAdmin, requireSession } from '../../middlewares/session.ts';
import { refreshRecommendations } from '../projects/recommendations.ts';
import { getAccountState, updateUserNames } from './account.repository.ts';
import {
  deleteAccountSession,
  deleteProfilePhoto,
  getAccountSessions,
  getUserProjects,
  postChooseRole,
  postImpersonationPreference,
  postProfilePhoto,
  postUserUpdate,
} from './account.routes.ts';

export const accountRouter = createRouter();

accountRouter.use(getUserProjects.path, requireNonAdmin);
accountRouter.openapi(getUserProjects, async (c) => {
  const { db } = c.get('deps').database;
  // Design §2's automatic recommendations follow claims, renames and organisation changes: refreshed here,
  // so the counts are right whenever the web reloads the account state.
  await refreshRecommendations(db, c.get('user')!.id);
  const output = await getAccountState(db, c.get('user')!.id);
  return c.json({ success: true as const, output }, 200);
});

accountRouter.use(postUserUpdate.path, requireSession);
accountRouter.openapi(postUserUpdate, async (c) => {
  const body = c.req.valid('json');
  const names = {
    firstName: body.first_name,
    lastName: body.last_name,
    ...(body.title !== undefined ? { title: body.title } : {}),
  };
  await c.get('deps').database.db.transaction(async (tx) => {
    await updateUserNames(tx, c.get('user')!.id, names);
    await audit(
      c,
      { action: 'user.update_names', targetType: 'user', targetId: c.get('user')!.id, data: names },
      tx,
    );
  });
  return c.json({ success: true as const }, 200);
});

accountRouter.use(postChooseRole.path, requireNonAdmin, refuseWhileImpersonating);
accountRouter.openapi(postChooseRole, async (c) => {
  const { roleId } = c.req.valid('json');
  const userId = c.get('user')!.id;
  await c.get('deps').database.db.transaction(async (tx) => {
    await tx
      .update(userTable)
      .set({ jobRoleId: roleId, updatedAt: new Date() })
      .where(eq(userTable.id, userId));
    await audit(
      c,
      { action: 'user.choose_role', targetType: 'user', targetId: userId, data: { roleId } },
      tx,
    );
  });
  return c.json({ jobRoleId: roleId }, 200);
});

accountRouter.use(postImpersonationPreference.path, requireSession, refuseWhileImpersonating);
accountRouter.openapi(postImpersonationPreference, async (c) => {
  const { optOut } = c.req.valid('json');
  const userId = c.get('user')!.id;
  await c.get('deps').database.db.transaction(async (tx) => {
    await tx
      .update(userTable)
      .set({ impersonationOptOut: optOut, updatedAt: new Date() })
      .where(eq(userTable.id, userId));
    await audit(
      c,
      { action: 'user.impersonation_opt_out', targetType: 'user', targetId: userId, data: { optOut } },
      tx,
    );
  });
  return c.json({ optOut }, 200);
});

accountRouter.use(getAccountSessions.path, requireSession);
accountRouter.openapi(getAccountSessions, async (c) => {
  const rows = await c
    .get('deps')
    .database.db.select()
    .from(sessionTable)
    .where(and(eq(sessionTable.userId, c.get('user')!.id), gt(sessionTable.expiresAt, new Date())))
    .orderBy(sessionTable.updatedAt);
  const sessions = rows.reverse().map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    current: row.id === c.get('session')!.id,
  }));
  return c.json({ sessions }, 200);
});

accountRouter.use(deleteAccountSession.getRoutingPath(), requireSession, refuseWhileImpersonating);
accountRouter.openapi(deleteAccountSession, async (c) => {
  const { id } = c.req.valid('param');
  const userId = c.get('user')!.id;
  const deleted = await c.get('deps').database.db.transaction(async (tx) => {
    const rows = await tx
      .delete(sessionTable)
      .where(and(eq(sessionTable.id, id), eq(sessionTable.userId, userId)))
      .returning({ id: sessionTable.id });
    if (rows.length)
      await audit(c, { action: 'user.revoke_session', targetType: 'session', targetId: id }, tx);
    return rows.length > 0;
  });
  // Another user's session id answers the same as a missing one: nothing to learn from it.
  if (!deleted) throw notFound('No such session.');
  return c.json({ success: true as const }, 200);
});

accountRouter.use(postProfilePhoto.path, requireSession);
accountRouter.openapi(postProfilePhoto, async (c) => {
  const { file } = c.req.valid('form') as { file?: unknown };
  if (!(file instanceof File)) {
    throw new AppError(400, ERROR_CODES.validation, 'Choose a photo to upload.', {
      file: 'Choose a photo to upload.',
    });
  }
  const { db } = c.get('deps').database;
  const { dataDir } = c.get('deps').settings;
  const userId = c.get('user')!.id;
  const image = await storeProfilePhoto(dataDir, userId, file);
  const [previous] = await db
    .select({ image: userTable.image })
    .from(userTable)
    .where(eq(userTable.id, userId));
  await db.transaction(async (tx) => {
    await tx.update(userTable).set({ image, updatedAt: new Date() }).where(eq(userTable.id, userId));
    await audit(c, { action: 'user.update_photo', targetType: 'user', targetId: userId }, tx);
  });
  await removeProfilePhoto(dataDir, previous?.image);
  return c.json({ image }, 200);
});

accountRouter.use(deleteProfilePhoto.path, requireSession);
accountRouter.openapi(deleteProfilePhoto, async (c) => {
  const { db } = c.get('deps').database;
  const userId = c.get('user')!.id;
  const [previous] = await db
    .select({ image: userTable.image })
    .from(userTable)
    .where(eq(userTable.id, userId));
  await db.transaction(async (tx) => {
    await tx.update(userTable).set({ image: null, updatedAt: new Date() }).where(eq(userTable.id, userId));
    await audit(c, { action: 'user.remove_photo', targetType: 'user', targetId: userId }, tx);
  });
  await removeProfilePhoto(c.get('deps').settings.dataDir, previous?.image);
  return c.json({ image: null }, 200);
});
