import type { OrganisationRole } from '@offplan/shared';
import type { AuthSession } from '../auth.ts';
import { type AuthChanges, PERMISSIONS_CHANGED } from '../db/auth-changes.ts';

/**
 * Sessions kept per process (decision 023): enough for every signed-in person of a busy day. A kept
 * session is also read again after SESSION_KEEP_MS, a bound on any change that could go unheard.
 */
export const SESSIONS_KEPT_MAX = 10_000;
export const SESSION_KEEP_MS = 60_000;

/**
 * A session as the session reader (lib/session-reader.ts) answers it: better-auth's, and, when it was read here, the user's role in
 * their oldest organisation (what permission checks need: lib/permissions.ts), kept with the session
 * and dropped with it when any of the user's memberships change (migration 0011).
 */
export type ReadSession = AuthSession & { organisationRole?: OrganisationRole | null };

type Entry = { token: string; result: ReadSession; keptAt: number };

/**
 * Sessions this process has read, by token, each dropped the moment its session row (`s:<session id>`)
 * or user row or memberships (`u:<user id>`) change (migrations 0005 and 0011's triggers,
 * `db/auth-changes.ts`), and all of them on `*`, on anything else, and while changes cannot be heard.
 */
export function keptSessions(changes: AuthChanges) {
  const byToken = new Map<string, Entry>();
  const bySession = new Map<string, Entry>();
  const byUser = new Map<string, Set<Entry>>();
  /** Counts the changes heard: a read that overlapped one is not kept (it may predate the change). */
  let heard = 0;

  const drop = (entry: Entry | undefined) => {
    if (!entry || byToken.get(entry.token) !== entry) return;
    byToken.delete(entry.token);
    bySession.delete(entry.result.session.id);
    const entries = byUser.get(entry.result.user.id);
    entries?.delete(entry);
    if (entries?.size === 0) byUser.delete(entry.result.user.id);
  };
  changes.subscribe((payload) => {
    heard++;
    if (payload.startsWith('s:')) drop(bySession.get(payload.slice(2)));
    else if (payload.startsWith('u:')) for (const entry of byUser.get(payload.slice(2)) ?? []) drop(entry);
    // A kept session holds the user and their organisation role, never their permissions (read per check).
    else if (payload === PERMISSIONS_CHANGED) return;
    else {
      // '*', or a payload this version does not know: forgetting everything is always safe.
      byToken.clear();
      bySession.clear();
      byUser.clear();
    }
  });

  return {
    /** Taken before a read; `keep` refuses the read if anything was heard since. */
    heard: () => heard,
    get(token: string, now: number) {
      const entry = byToken.get(token);
      if (!entry) return undefined;
      if (changes.live && now - entry.keptAt < SESSION_KEEP_MS) return entry.result;
      drop(entry);
      return undefined;
    },
    keep(token: string, result: ReadSession, now: number, heardBefore: number) {
      if (!changes.live || heard !== heardBefore) return;
      drop(byToken.get(token));
      if (byToken.size >= SESSIONS_KEPT_MAX) drop(byToken.values().next().value);
      const entry = { token, result, keptAt: now };
      byToken.set(token, entry);
      bySession.set(result.session.id, entry);
      const entries = byUser.get(result.user.id) ?? new Set();
      entries.add(entry);
      byUser.set(result.user.id, entries);
    },
    forget: (token: string) => drop(byToken.get(token)),
    get size() {
      return byToken.size;
    },
  };
}
