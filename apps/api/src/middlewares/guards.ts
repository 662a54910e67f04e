import { ERROR_CODES, isPlatformAdmin, type Permission } from '@offplan/shared';
import type { Context, Env } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { MiddlewareHandler } from 'hono/types';
import type { AuthSession } from '../auth.ts';
import type { AppEnv } from '../lib/context.ts';
import { emailNotVerified, errorBody, forbidden, sessionRequired } from '../lib/errors.ts';
import { userCan } from '../lib/permissions.ts';

/**
 * Route guards: the one way to say who may call a route (decision 024). Each goes in the route's
 * contract, `createRoute({ middleware: [requireSession] })`, so the route file shows who may call it
 * and the handler's context is typed by what the guard proved (`c.get('user')` is not null).
 */

/** The context after a guard proved a verified, signed-in user. */
export type SignedInEnv = {
  Variables: { user: AuthSession['user']; session: AuthSession['session'] };
};

/** A signed-in user whose email is verified: spec §6 blocks unverified emails from the app. */
function verifiedUserOf(c: Context<AppEnv>) {
  const user = c.get('user');
  if (!user) throw sessionRequired();
  if (!user.emailVerified) throw emailNotVerified();
  return user;
}

/**
 * A guard from a check of the request: the check throws the refusal (an AppError), else the route goes
 * on with the user proven. The one cast from the loose context to the proven one lives here.
 */
const guard = (check: (c: Context<AppEnv>) => void | Promise<void>) =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    await check(c as unknown as Context<AppEnv>);
    await next();
  });

/** Any signed-in user with a verified email, platform admins included. */
export const requireSession = guard((c) => {
  verifiedUserOf(c);
});

/** Spec §6: admins have no projects of their own; these calls are for portal users only. */
export const requirePortalUser = guard((c) => {
  if (isPlatformAdmin(verifiedUserOf(c))) {
    throw forbidden('This call is for portal users; admins have no projects of their own.');
  }
});

/** Platform admins only (design §1): a role of its own, never a permission name standing in for it. */
export const requirePlatformAdmin = guard((c) => {
  if (!isPlatformAdmin(verifiedUserOf(c))) throw forbidden('Only platform admins can do that.');
});

/**
 * Design §1: a call that needs a permission checks it here, on the server, through the one server
 * function (lib/permissions.ts userCan) over the sets in force: packages/shared permissions.ts's
 * starting sets with the admins' edits at /roles, kept per process until an edit is announced.
 */
export const requirePermission = (permission: Permission) =>
  guard(async (c) => {
    const user = verifiedUserOf(c);
    if (!(await userCan(c.get('deps').database, user, permission, c.get('organisationRole')))) {
      throw forbidden('You do not have permission to do that.');
    }
  });

/** Design §1: how a person signs in and who may act as them are theirs alone, never an acting admin's. */
export const refuseWhileImpersonating = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('session')?.impersonatedBy)
    throw forbidden('Not while acting as this user: only they can change this.');
  await next();
});

const BODY_LIMIT = Symbol('bodyLimit');

/** Whether a route middleware is a body limit (lib/router.ts refuses a route with a body and none). */
export const isBodyLimit = (middleware: unknown) =>
  typeof middleware === 'function' && BODY_LIMIT in middleware;

/** Refuses a body larger than `maxBytes` with 413 before it is read. Every route with a body declares one. */
// Typed with the plain Env, not `any`: an `any` middleware would erase what the guards beside it prove.
export function limitBody(maxBytes: number): MiddlewareHandler<Env> {
  const middleware = bodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      c.json(
        errorBody(ERROR_CODES.payloadTooLarge, `The request body is larger than ${maxBytes} bytes.`),
        413,
      ),
  });
  return Object.assign(middleware, { [BODY_LIMIT]: maxBytes });
}

/** JSON bodies beyond this are refused before they are read (uploads declare their own limits). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/** The limit of an ordinary JSON body. */
export const jsonBody = limitBody(JSON_BODY_LIMIT_BYTES);
