import { ERROR_CODES, IMPERSONATION_MAX_SECONDS, isPlatformAdmin } from '@offplan/shared';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, sessionMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { impersonationTokens, session as sessionTable, user as userTable } from '../../db/schema/index.ts';
import { userCan } from '../../lib/permissions.ts';
import { auditFromAuth, hashSecretToken, newSecretToken } from './plugin-context.ts';

export const IMPERSONATION_REFUSALS = {
  admin: 'Admins cannot act as another admin.',
  optedOut: 'This user has turned off access by the support team in their profile.',
  banned: 'This user is banned. Unban them first.',
  self: 'You cannot act as yourself.',
  nested: 'Return to your own account before acting as someone else.',
} as const;

/** Why an admin may not act as `target`, or null when they may (design §1). */
export function impersonationRefusal(
  target: { id: string; role: string | null; impersonationOptOut: boolean | null; banned: boolean | null },
  adminId: string,
): string | null {
  if (target.id === adminId) return IMPERSONATION_REFUSALS.self;
  if (isPlatformAdmin(target)) return IMPERSONATION_REFUSALS.admin;
  if (target.banned) return IMPERSONATION_REFUSALS.banned;
  if (target.impersonationOptOut) return IMPERSONATION_REFUSALS.optedOut;
  return null;
}

const invalidToken = () =>
  new APIError('BAD_REQUEST', {
    code: ERROR_CODES.invalidToken,
    message: 'This link to return to your admin session is no longer valid. Sign in again.',
  });

/**
 * Spec §6 impersonation with design §1's safeguards, in place of better-auth's own (closed) one:
 * the admin's session ends and a one-hour session of the user begins; the admin keeps a magic token
 * (single use, stored hashed, bound to the admin and to that session) that `/connect` trades back
 * for a new session of the admin. Start and stop are audited under the admin's id.
 */
export function impersonationPlugin(db: Db) {
  return {
    id: 'offplan-impersonation',
    endpoints: {
      startImpersonation: createAuthEndpoint(
        '/impersonation/start',
        { method: 'POST', body: z.object({ userId: z.string().min(1) }), use: [sessionMiddleware] },
        async (ctx) => {
          const { session: adminSession, user: admin } = ctx.context.session;
          // Admins only, and only while the platform admin set holds `impersonate` (/roles).
          const isAdmin = isPlatformAdmin(admin as { role?: string | null });
          if (!isAdmin || !(await userCan(db, admin, 'impersonate', null))) {
            throw new APIError('FORBIDDEN', {
              code: ERROR_CODES.forbidden,
              message: isAdmin
                ? 'The platform admin role does not hold impersonate (Manage Roles).'
                : 'Only admins can act as a user.',
            });
          }
          if (adminSession.impersonatedBy) {
            throw new APIError('FORBIDDEN', {
              code: ERROR_CODES.forbidden,
              message: IMPERSONATION_REFUSALS.nested,
            });
          }
          const [target] = await db.select().from(userTable).where(eq(userTable.id, ctx.body.userId));
          if (!target)
            throw new APIError('NOT_FOUND', { code: ERROR_CODES.notFound, message: 'No such user.' });
          const refusal = impersonationRefusal(target, admin.id);
          if (refusal)
            throw new APIError('FORBIDDEN', { code: ERROR_CODES.impersonationRefused, message: refusal });

          const expiresAt = new Date(Date.now() + IMPERSONATION_MAX_SECONDS * 1000);
          const session = await ctx.context.internalAdapter.createSession(
            target.id,
            true,
            { impersonatedBy: admin.id, expiresAt },
            true,
          );
          const magic = newSecretToken();
          await db.insert(impersonationTokens).values({
            tokenHash: magic.hash,
            adminUserId: admin.id,
            targetUserId: target.id,
            sessionId: session.id,
            expiresAt,
          });
          // The admin's own session ends: only the magic token (or signing in again) brings it back.
          await ctx.context.internalAdapter.deleteSession(adminSession.token);
          // dontRememberMe: the cookie dies with the browser session as well as after the hour.
          await setSessionCookie(ctx, { session, user: target }, true);
          await auditFromAuth(db, ctx.request, {
            action: 'impersonation.start',
            actorUserId: admin.id,
            actingAsUserId: target.id,
            targetType: 'user',
            targetId: target.id,
          });
          return ctx.json({ magicToken: magic.token, userId: target.id });
        },
      ),
      connectAdmin: createAuthEndpoint(
        '/impersonation/connect',
        {
          method: 'POST',
          body: z.object({ token: z.string().min(1).max(200), returnToUsers: z.boolean().optional() }),
        },
        async (ctx) => {
          // Marked used in the same statement that finds it: a replay, even a concurrent one, finds nothing.
          const [used] = await db
            .update(impersonationTokens)
            .set({ usedAt: new Date() })
            .where(
              and(
                eq(impersonationTokens.tokenHash, hashSecretToken(ctx.body.token)),
                isNull(impersonationTokens.usedAt),
                gt(impersonationTokens.expiresAt, new Date()),
              ),
            )
            .returning();
          if (!used) throw invalidToken();
          await db.delete(sessionTable).where(eq(sessionTable.id, used.sessionId));
          const admin = await ctx.context.internalAdapter.findUserById(used.adminUserId);
          if (
            !admin ||
            !isPlatformAdmin(admin as { role?: string | null }) ||
            (admin as { banned?: boolean }).banned
          ) {
            throw invalidToken();
          }
          const session = await ctx.context.internalAdapter.createSession(admin.id);
          await setSessionCookie(ctx, { session, user: admin });
          await auditFromAuth(db, ctx.request, {
            action: 'impersonation.stop',
            actorUserId: admin.id,
            actingAsUserId: used.targetUserId,
            targetType: 'user',
            targetId: used.targetUserId,
          });
          return ctx.json({ redirectTo: ctx.body.returnToUsers === false ? '/dashboard' : '/users' });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
