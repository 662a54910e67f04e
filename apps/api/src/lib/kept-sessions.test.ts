import { describe, expect, it } from 'vitest';
import type { AuthSession } from '../auth.ts';
import { type AuthChanges, PERMISSIONS_CHANGED } from '../db/auth-changes.ts';
import { keptSessions, SESSION_KEEP_MS, SESSIONS_KEPT_MAX } from './kept-sessions.ts';

/** A change feed the test drives: what it announces and whether it is live. */
function fakeChanges() {
  let listener: (payload: string) => void = () => {};
  const changes = {
    live: true,
    subscribe(next: (payload: string) => void) {
      listener = next;
      return () => {};
    },
    close: async () => {},
    announce: (payload: string) => listener(payload),
  };
  return changes satisfies AuthChanges;
}

/** A stand-in session (not the `sessionOf` of test/sessions.ts, which asks the API). */
const fakeSession = (sessionId: string, userId: string) =>
  ({ session: { id: sessionId, userId }, user: { id: userId } }) as unknown as AuthSession;

function setUp() {
  const changes = fakeChanges();
  const kept = keptSessions(changes);
  const keep = (token: string, sessionId: string, userId: string, now = 0) =>
    kept.keep(token, fakeSession(sessionId, userId), now, kept.heard());
  return { changes, kept, keep };
}

describe('kept sessions (decision 023)', () => {
  it('gives back what it kept, until SESSION_KEEP_MS has passed', () => {
    const { kept, keep } = setUp();
    keep('t1', 's1', 'u1');
    expect(kept.get('t1', SESSION_KEEP_MS - 1)?.session.id).toBe('s1');
    expect(kept.get('t1', SESSION_KEEP_MS)).toBeUndefined();
    expect(kept.size).toBe(0);
  });

  it('does not keep a read that overlapped an announcement', () => {
    const { changes, kept } = setUp();
    const before = kept.heard();
    changes.announce('s:other');
    kept.keep('t1', fakeSession('s1', 'u1'), 0, before);
    expect(kept.get('t1', 0)).toBeUndefined();
  });

  it('keeps nothing and gives nothing back while changes cannot be heard', () => {
    const { changes, kept, keep } = setUp();
    keep('t1', 's1', 'u1');
    changes.live = false;
    expect(kept.get('t1', 0)).toBeUndefined();
    keep('t2', 's2', 'u2');
    changes.live = true;
    expect(kept.get('t2', 0)).toBeUndefined();
  });

  it('drops a session by its id, and every session of a user by the user id', () => {
    const { changes, kept, keep } = setUp();
    keep('t1', 's1', 'u1');
    keep('t2', 's2', 'u1');
    keep('t3', 's3', 'u2');
    changes.announce('s:s3');
    expect(kept.get('t3', 0)).toBeUndefined();
    expect(kept.get('t1', 0)).toBeDefined();
    changes.announce('u:u1');
    expect(kept.get('t1', 0)).toBeUndefined();
    expect(kept.get('t2', 0)).toBeUndefined();
    expect(kept.size).toBe(0);
  });

  it('forgets everything on "*" and on a payload it does not know', () => {
    for (const payload of ['*', 'x:something new', '']) {
      const { changes, kept, keep } = setUp();
      keep('t1', 's1', 'u1');
      keep('t2', 's2', 'u2');
      changes.announce(payload);
      expect(kept.size).toBe(0);
    }
  });

  it('keeps every session when a permission set changes (permissions are read per check, not kept here)', () => {
    const { changes, kept, keep } = setUp();
    keep('t1', 's1', 'u1');
    changes.announce(PERMISSIONS_CHANGED);
    expect(kept.size).toBe(1);
    expect(kept.get('t1', 0)).toBeDefined();
  });

  it('keeps at most SESSIONS_KEPT_MAX, letting the oldest go', () => {
    const { changes, kept, keep } = setUp();
    for (let i = 0; i <= SESSIONS_KEPT_MAX; i++) keep(`t${i}`, `s${i}`, `u${i % 7}`);
    expect(kept.size).toBe(SESSIONS_KEPT_MAX);
    expect(kept.get('t0', 0)).toBeUndefined();
    expect(kept.get(`t${SESSIONS_KEPT_MAX}`, 0)).toBeDefined();
    // The oldest left every index: announcing its session changes nothing else.
    changes.announce('s:s0');
    expect(kept.size).toBe(SESSIONS_KEPT_MAX);
  });

  it('replaces what it kept for a token with the newer read', () => {
    const { changes, kept, keep } = setUp();
    keep('t1', 's1', 'u1');
    keep('t1', 's1', 'u2');
    expect(kept.get('t1', 0)?.user.id).toBe('u2');
    changes.announce('u:u1');
    expect(kept.get('t1', 0)?.user.id).toBe('u2');
    changes.announce('u:u2');
    expect(kept.size).toBe(0);
  });
});
