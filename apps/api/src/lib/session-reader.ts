import { createHmac, timingSafeEqual } from 'node:crypto';
import type { OrganisationRole } from '@offplan/shared';
import { parseSessionOutput, parseUserOutput } from 'better-auth/db';
import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Auth } from '../auth.ts';
import type { Database } from '../db/client.ts';
import { member, session, user } from '../db/schema/index.ts';
import { keptSessions, type ReadSession } from './kept-sessions.ts';

export type { ReadSession };

/** Reads the session a request's cookies carry: `null` when there is none or it is not valid. */
export type SessionReader = (c: Context) => Promise<ReadSession | null>;

/**
 * Decision 022: better-auth's `getSession` costs about 3 ms a call (an endpoint context, WebCrypto keys,
 * two queries built anew each time), more than most of the searches it guards. This reader answers the
 * common case, a valid session that needs no refresh, with an HMAC check and one prepared query, exactly
 * as better-auth would (the same cookie, signature, expiry rule and output shaping). Anything else (an
 * expired session, one due for its sliding refresh) goes to better-auth itself, so expiry, clean-up and
 * refresh stay its own. Decision 023: what was read is kept until PostgreSQL says that session or its
 * user changed, so a revoked or signed-out session is still refused on its next call.
 */
export async function createSessionReader(
  auth: Auth,
  database: Pick<Database, 'db' | 'authChanges'>,
): Promise<SessionReader> {
  const { secret, authCookies, sessionConfig, options } = await auth.$context;
  const byToken = database.db
    .select({
      session,
      user,
      organisationRole: sql<OrganisationRole | null>`(select ${member.role} from ${member}
        where ${member.userId} = ${user.id} order by ${member.createdAt} limit 1)`,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .prepare('session_by_token');
  const kept = keptSessions(database.authChanges);

  /** better-call's signed cookie: `value.base64(HMAC-SHA256(secret, value))`, URI-encoded. */
  const signedValue = (c: Context, name: string) => {
    // The first cookie of that name, URI-decoded, as better-call reads it.
    const cookie = getCookie(c, name);
    if (!cookie) return null;
    const dot = cookie.lastIndexOf('.');
    const encoded = cookie.slice(dot + 1);
    if (dot < 1 || encoded.length !== 44 || !encoded.endsWith('=')) return null;
    const value = cookie.slice(0, dot);
    const signature = Buffer.from(encoded, 'base64');
    const expected = createHmac('sha256', secret).update(value).digest();
    return signature.length === expected.length && timingSafeEqual(signature, expected) ? value : null;
  };

  const read = async (token: string, now: number): Promise<ReadSession | null> => {
    const heardBefore = kept.heard();
    const [row] = await byToken.execute({ token });
    if (!row) return null;
    const result = {
      session: parseSessionOutput(options, row.session),
      user: parseUserOutput(options, row.user),
      organisationRole: row.organisationRole,
    } as ReadSession;
    kept.keep(token, result, now, heardBefore);
    return result;
  };

  return async (c) => {
    const token = signedValue(c, authCookies.sessionToken.name);
    if (!token) return null;
    const now = Date.now();
    const found = kept.get(token, now) ?? (await read(token, now));
    if (!found) return null;
    const expiresAt = found.session.expiresAt.getTime();
    // better-auth's rule: a session is extended once `updateAge` has passed since it was last, unless
    // the user chose not to be remembered (the cookie then lasts the browser session only).
    const refreshDue =
      expiresAt - sessionConfig.expiresIn * 1000 + sessionConfig.updateAge * 1000 <= now &&
      !signedValue(c, authCookies.dontRememberToken.name);
    if (expiresAt < now || refreshDue) {
      kept.forget(token);
      return auth.api.getSession({ headers: c.req.raw.headers });
    }
    return found;
  };
}
