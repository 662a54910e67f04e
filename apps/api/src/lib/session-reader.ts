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

/** What `withoutBetterAuth` answers when only better-auth can: it must refresh, end or forget a session. */
export const BETTER_AUTH_MUST_ANSWER = Symbol('better-auth must answer');

export type SessionReader = {
  /** Reads the session a request's cookies carry: `null` when there is none or it is not valid. */
  (c: Context): Promise<ReadSession | null>;
  /**
   * The same read for GET /api/auth/get-session, which must also leave the session and its cookie as
   * better-auth would: it answers only a valid session that needs nothing done, or no session cookie
   * at all, and `BETTER_AUTH_MUST_ANSWER` for the rest (a session to refresh, an expired or unknown one,
   * whose cookie better-auth clears, a cookie with a bad signature).
   */
  withoutBetterAuth: (c: Context) => Promise<ReadSession | null | typeof BETTER_AUTH_MUST_ANSWER>;
};

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

  /** The session of a signed token, or what makes it better-auth's to answer. */
  const readToken = async (c: Context, token: string) => {
    const now = Date.now();
    const found = kept.get(token, now) ?? (await read(token, now));
    if (!found) return { kind: 'unknown' } as const;
    const expiresAt = found.session.expiresAt.getTime();
    // better-auth's rule: a session is extended once `updateAge` has passed since it was last, unless
    // the user chose not to be remembered (the cookie then lasts the browser session only).
    const refreshDue =
      expiresAt - sessionConfig.expiresIn * 1000 + sessionConfig.updateAge * 1000 <= now &&
      !signedValue(c, authCookies.dontRememberToken.name);
    if (expiresAt < now || refreshDue) {
      kept.forget(token);
      return { kind: 'due or expired' } as const;
    }
    return { kind: 'found', found } as const;
  };

  const reader = async (c: Context) => {
    const token = signedValue(c, authCookies.sessionToken.name);
    if (!token) return null;
    const outcome = await readToken(c, token);
    if (outcome.kind === 'unknown') return null;
    if (outcome.kind === 'due or expired') return auth.api.getSession({ headers: c.req.raw.headers });
    return outcome.found;
  };
  reader.withoutBetterAuth = async (c: Context) => {
    if (getCookie(c, authCookies.sessionToken.name) === undefined) return null;
    const token = signedValue(c, authCookies.sessionToken.name);
    if (!token) return BETTER_AUTH_MUST_ANSWER;
    const outcome = await readToken(c, token);
    return outcome.kind === 'found' ? outcome.found : BETTER_AUTH_MUST_ANSWER;
  };
  return reader;
}
