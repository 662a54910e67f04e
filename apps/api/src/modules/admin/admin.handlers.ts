import { notFound } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import { getUserDetail, searchUsers } from './admin.repository.ts';
import { getAdminUser, getAdminUsers } from './admin.routes.ts';

export const adminRouter = createRouter();

adminRouter.openapi(getAdminUsers, async (c) => {
  return c.json(await searchUsers(c.get('deps').database.db, c.req.valid('query')), 200);
});

adminRouter.openapi(getAdminUser, async (c) => {
  const detail = await getUserDetail(c.get('deps').database.db, c.req.valid('param').id, c.get('user').id);
  if (!detail) throw notFound('No such user.');
  return c.json(detail, 200);
});
