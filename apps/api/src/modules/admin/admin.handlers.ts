import { ADMIN_USER_AUDIT_LIMIT, type AdminUserProject, ERROR_CODES, isPlatformAdmin } from '@offplan/shared';
import { isAPIError } from 'better-auth/api';
import type { Context } from 'hono';
import { audit } from '../../lib/audit.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import type { SignedInEnv } from '../../middlewares/guards.ts';
import { getAccountState } from '../account/account.repository.ts';
import {
  auditEntriesOf,
  editableUserOf,
  getUserDetail,
  markEmailVerified,
  peopleByIds,
  searchUsers,
  updateUserProfile,
} from './admin.repository.ts';
import {
  getAdminUser,
  getAdminUserAudit,
  getAdminUserProjects,
  getAdminUserSessions,
  getAdminUsers,
  patchAdminUser,
  postAdminUserPasswordReset,
  postAdminUserVerificationEmail,
  postAdminUserVerifyEmail,
} from './admin.routes.ts';

export const adminRouter = createRouter();

/** A handler's context once its guard proved the user (middlewares/guards.ts). */
// biome-ignore lint/suspicious/noExplicitAny: serves every route, whatever its path and input.
type SignedInContext = Context<SignedInEnv & AppEnv, any, any>;

const dbOf = (c: SignedInContext) => c.get('deps').database.db;

/** Writes the admin's audit row about a user inside the change's transaction. */
const auditAbout =
  (c: SignedInContext, action: string, userId: string) =>
  (tx: Parameters<typeof audit>[2], data: Record<string, unknown>) =>
    audit(c as unknown as Context<AppEnv>, { action, targetType: 'user', targetId: userId, data }, tx);

async function existingUser(c: SignedInContext, id: string) {
  const target = await editableUserOf(dbOf(c), id);
  if (!target) throw notFound('No such user.');
  return target;
}

async function detailOf(c: SignedInContext, id: string) {
  const detail = await getUserDetail(dbOf(c), id, c.get('user').id);
  if (!detail) throw notFound('No such user.');
  return detail;
}

/** better-auth's refusals (our email throttle among them) keep their status and message. */
function fromAuthError(error: unknown): never {
  if (isAPIError(error) && error.statusCode === 429) {
    throw new AppError(
      429,
      ERROR_CODES.rateLimited,
      error.body?.message ?? 'Too many emails. Try again later.',
    );
  }
  throw error;
}

const alreadyVerified = (email: string) => conflict(`${email} is already verified.`);

adminRouter.openapi(getAdminUsers, async (c) => {
  return c.json(await searchUsers(c.get('deps').database.db, c.req.valid('query')), 200);
});

adminRouter.openapi(getAdminUser, async (c) => {
  return c.json(await detailOf(c, c.req.valid('param').id), 200);
});

adminRouter.openapi(patchAdminUser, async (c) => {
  const { id } = c.req.valid('param');
  const body = c.req.valid('json');
  const target = await existingUser(c, id);
  if (body.jobRoleId !== undefined && isPlatformAdmin(target)) {
    const message = 'Platform admins have no job role.';
    throw new AppError(400, ERROR_CODES.validation, message, { jobRoleId: message });
  }
  const edit = {
    firstName: body.firstName,
    lastName: body.lastName,
    ...(body.title !== undefined ? { title: body.title || null } : {}),
    ...(body.jobRoleId !== undefined ? { jobRoleId: body.jobRoleId } : {}),
  };
  const changed = await updateUserProfile(dbOf(c), id, edit, auditAbout(c, 'admin.user.update', id));
  if (!changed) throw notFound('No such user.');
  return c.json(await detailOf(c, id), 200);
});

adminRouter.openapi(postAdminUserVerifyEmail, async (c) => {
  const { id } = c.req.valid('param');
  const target = await existingUser(c, id);
  const verified = await markEmailVerified(dbOf(c), id, auditAbout(c, 'admin.user.verify_email', id));
  if (!verified) throw alreadyVerified(target.email);
  return c.json(await detailOf(c, id), 200);
});

/**
 * Sends one of better-auth's own emails to the user and audits it with the address. A 429 of the email
 * throttle (decision 014) keeps its status and message.
 */
async function sendAuthEmail(
  c: SignedInContext,
  target: { id: string; email: string },
  action: string,
  send: (email: string) => Promise<unknown>,
) {
  await send(target.email).catch(fromAuthError);
  await audit(c as unknown as Context<AppEnv>, {
    action,
    targetType: 'user',
    targetId: target.id,
    data: { sentTo: target.email },
  });
  return c.json({ sentTo: target.email }, 200);
}

adminRouter.openapi(postAdminUserPasswordReset, async (c) => {
  const target = await existingUser(c, c.req.valid('param').id);
  // better-auth's own flow: its token (hashed, one hour, single use) and the portal's reset email. The
  // user's sessions end only when they set the new password (revokeSessionsOnPasswordReset).
  return sendAuthEmail(c, target, 'admin.user.password_reset', (email) =>
    c.get('deps').auth.api.requestPasswordReset({ body: { email } }),
  );
});

adminRouter.openapi(postAdminUserVerificationEmail, async (c) => {
  const target = await existingUser(c, c.req.valid('param').id);
  if (target.emailVerified) throw alreadyVerified(target.email);
  // Without the admin's session: better-auth then sends to the address given, as for a signed-out user.
  return sendAuthEmail(c, target, 'admin.user.verification_email', (email) =>
    c.get('deps').auth.api.sendVerificationEmail({ body: { email } }),
  );
});

adminRouter.openapi(getAdminUserProjects, async (c) => {
  const { id } = c.req.valid('param');
  await existingUser(c, id);
  const state = await getAccountState(dbOf(c), id);
  const row = (
    project: (typeof state.projects)[number],
    access: AdminUserProject['access'],
    requestedAt: string | null = null,
  ): AdminUserProject => ({
    id: project.id,
    name: project.title || project.name,
    suburb: project.suburb,
    state: project.state,
    stageLabel: project.stageLabel,
    access,
    requestedAt,
  });
  const items = [
    ...state.projects.map((project) => row(project, 'member')),
    ...state.recommendedProjects.map((project) => row(project, 'recommended')),
    ...state.projectRequests.map((request) => row(request.project, 'pending', request.createdAt)),
  ];
  return c.json({ items }, 200);
});

adminRouter.openapi(getAdminUserSessions, async (c) => {
  const { id } = c.req.valid('param');
  await existingUser(c, id);
  const { sessions } = await c
    .get('deps')
    .auth.api.listUserSessions({ body: { userId: id }, headers: c.req.raw.headers });
  const now = Date.now();
  const active = sessions
    .filter((session) => new Date(session.expiresAt).getTime() > now)
    .sort((a, b) => new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime());
  const impersonators = await peopleByIds(
    dbOf(c),
    active.flatMap((session) => (session.impersonatedBy ? [session.impersonatedBy] : [])),
  );
  return c.json(
    {
      sessions: active.map((session) => ({
        id: session.id,
        createdAt: new Date(session.createdAt).toISOString(),
        updatedAt: new Date(session.updatedAt).toISOString(),
        expiresAt: new Date(session.expiresAt).toISOString(),
        ipAddress: session.ipAddress ?? null,
        userAgent: session.userAgent ?? null,
        impersonatedBy: session.impersonatedBy ? (impersonators.get(session.impersonatedBy) ?? null) : null,
      })),
    },
    200,
  );
});

adminRouter.openapi(getAdminUserAudit, async (c) => {
  const { id } = c.req.valid('param');
  await existingUser(c, id);
  const rows = await auditEntriesOf(dbOf(c), id, ADMIN_USER_AUDIT_LIMIT);
  const people = await peopleByIds(
    dbOf(c),
    rows.flatMap((row) => [row.actorUserId, row.actingAsUserId].filter((value) => value !== null)),
  );
  const person = (personId: string | null) => (personId ? (people.get(personId) ?? null) : null);
  const items = rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actor: person(row.actorUserId),
    actingAs: person(row.actingAsUserId),
    targetType: row.targetType,
    targetId: row.targetId,
    data: row.data ?? null,
  }));
  return c.json({ items, limit: ADMIN_USER_AUDIT_LIMIT }, 200);
});
