import { audit } from '../../lib/audit.ts';
import { createRouter } from '../../lib/router.ts';
import { requireNonAdmin, requireSession } from '../../middlewares/session.ts';
import { getAccountState, updateUserNames } from './account.repository.ts';
import { getUserProjects, postUserUpdate } from './account.routes.ts';

export const accountRouter = createRouter();

accountRouter.use(getUserProjects.path, requireNonAdmin);
accountRouter.openapi(getUserProjects, async (c) => {
  const output = await getAccountState(c.var.deps.database.db, c.var.user!.id);
  return c.json({ success: true as const, output }, 200);
});

accountRouter.use(postUserUpdate.path, requireSession);
accountRouter.openapi(postUserUpdate, async (c) => {
  const body = c.req.valid('json');
  const names = { firstName: body.first_name, lastName: body.last_name };
  await c.var.deps.database.db.transaction(async (tx) => {
    await updateUserNames(tx, c.var.user!.id, names);
    await audit(
      c,
      { action: 'user.update_names', targetType: 'user', targetId: c.var.user!.id, data: names },
      tx,
    );
  });
  return c.json({ success: true as const }, 200);
});
