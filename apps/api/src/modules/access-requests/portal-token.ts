import { IMPERSONATION_MAX_SECONDS } from '@offplan/shared';
import { and, eq, gt } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AuthSession } from '../../auth.ts';
import { session as sessionTable, user as userTable } from '../../db/schema/index.ts';
import type { AppEnv } from '../../lib/context.ts';

/** The token header of spec §7's 'portal' target (decision 019). */
export const PORTAL_TOKEN_HEADER = 'x-portal-token';

/** The session token a portal call carries: `x-portal-token: <token>` or `Authorization: Bearer <token>`. */
export function portalTokenOf(headers: { get(name: string): string | null | undefined }): string | undefined {
  const raw =
    headers.get(PORTAL_TOKEN_HEADER) ?? headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!raw) return undefined;
  let value = raw.trim();
  try {
    value = decodeURIComponent(value);
  } catch {
    return undefined;
  }
  // The signed cookie form `token.signature` is accepted too: the token part is the secret.
  const token = value.split('.')[0];
  return token && token.length <= 200 ? token : undefined;
}

/**
 * For the portal routes (spec §7: "a 'portal' target uses the portal base and sends a token header").
 * The web app on this origin just sends its session cookie; a caller without cookies (a script, another
 * service acting for a signed-in user) sends that session's token instead. When no cookie session was
 * loaded, the token's session is loaded the same way: unexpired, and an admin's acting-as session no
 * longer than design §1's hour.
 */
export const loadPortalToken = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) {
    const token = portalTokenOf(c.req.raw.headers);
    if (token) {
      const [row] = await c
        .get('deps')
        .database.db.select({ session: sessionTable, user: userTable })
        .from(sessionTable)
        .innerJoin(userTable, eq(userTable.id, sessionTable.userId))
        .where(and(eq(sessionTable.token, token), gt(sessionTable.expiresAt, new Date())));
      const expiredActing =
        row?.session.impersonatedBy &&
        Date.now() - row.session.createdAt.getTime() > IMPERSONATION_MAX_SECONDS * 1000;
      if (row && !expiredActing && !row.user.banned) {
        c.set('user', row.user as unknown as AuthSession['user']);
        c.set('session', row.session as unknown as AuthSession['session']);
      }
    }
  }
  await next();
});
