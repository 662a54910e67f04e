import { hasPermission, isPlatformAdmin, type OrganisationRole, type Permission } from '@offplan/shared';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { member, session as sessionTable } from '../db/schema/index.ts';
import type { AppDeps, AppEnv } from '../lib/context.ts';
import { emailNotVerified, forbidden, sessionRequired } from '../lib/errors.ts';
import { createSessionReader, type SessionReader } from '../lib/session-reader.ts';
import { impersonationOver } from '../modules/auth/impersonation-cap.ts';

/** One reader per auth instance (its prepared query belongs to that instance's database). */
const sessionReaders = new WeakMap<AppDeps['auth'], Promise<SessionReader>>();

function sessionReaderFor(deps: AppDeps) {
  let reader = sessionReaders.get(deps.auth);
  if (!reader) {
    reader = createSessionReader(deps.auth, deps.database);
    sessionReaders.set(deps.auth, reader);
    // A failed set-up is tried again by the next request rather than kept.
    reader.catch(() => sessionReaders.delete(deps.auth));
  }
  return reader;
}

/** Loads the better-auth session (if any) into `c.get('user')` and `c.get('session')`. */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const result = await (await sessionReaderFor(c.get('deps')))(c);
  // Design §1: acting as a user lasts at most an hour from its start, whatever refreshed the session since.
  if (result && impersonationOver(result.session)) {
    await c.get('deps').database.db.delete(sessionTable).where(eq(sessionTable.id, result.session.id));
  } else if (result) {
    c.set('user', result.user);
    c.set('session', result.session);
  }
  await next();
});

/** A signed-in user whose email is verified: spec §6 blocks unverified emails from the app. */
function requireVerifiedUser(c: Context<AppEnv>) {
  const user = c.get('user');
  if (!user) throw sessionRequired();
  if (!user.emailVerified) throw emailNotVerified();
  return user;
}

export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  requireVerifiedUser(c);
  await next();
});

/** Spec §6: admins have no projects of their own; these calls are for portal users only. */
export const requireNonAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (isPlatformAdmin(requireVerifiedUser(c))) {
    throw forbidden('This call is for portal users; admins have no projects of their own.');
  }
  await next();
});

/** Design §1: how a person signs in and who may act as them are theirs alone, never an acting admin's. */
export const refuseWhileImpersonating = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('session')?.impersonatedBy)
    throw forbidden('Not while acting as this user: only they can change this.');
  await next();
});

/**
 * Design §1: a call that needs a permission checks it here, on the server, from the person's platform
 * role, organisation role and job role (packages/shared permissions.ts).
 */
export const requirePermission = (permission: Permission) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const user = requireVerifiedUser(c);
    const isAdmin = isPlatformAdmin(user);
    const [membership] = isAdmin
      ? []
      : await c
          .get('deps')
          .database.db.select({ role: member.role })
          .from(member)
          .where(eq(member.userId, user.id))
          .orderBy(member.createdAt)
          .limit(1);
    const subject = {
      isAdmin,
      jobRoleId: (user as { jobRoleId?: number | null }).jobRoleId ?? null,
      organisationRole: (membership?.role ?? null) as OrganisationRole | null,
    };
    if (!hasPermission(subject, permission)) throw forbidden('You do not have permission to do that.');
    await next();
  });
