import { ANALYTICS } from '@offplan/shared';
import { describe, expect, it } from 'vitest';
import { createSessionStore, nextSession } from './session.ts';
import { memoryStore } from './storage.ts';

const start = Date.UTC(2026, 0, 1, 9, 0, 0);
const thirtyMinutes = 30 * 60 * 1000;

describe('analytics session (spec §4)', () => {
  it('times out after 30 minutes', () => {
    expect(ANALYTICS.sessionTimeoutMs).toBe(thirtyMinutes);
  });

  it('starts with the time of its first event as its id', () => {
    const { session, started } = nextSession(null, start, ANALYTICS.sessionTimeoutMs);
    expect(started).toBe(true);
    expect(session).toEqual({ id: start, lastEventTime: start });
  });

  it('goes on while events are less than 30 minutes apart', () => {
    const first = { id: start, lastEventTime: start + 10 * 60 * 1000 };
    const { session, started } = nextSession(
      first,
      first.lastEventTime + thirtyMinutes - 1,
      ANALYTICS.sessionTimeoutMs,
    );
    expect(started).toBe(false);
    expect(session.id).toBe(start);
  });

  it('starts a new session once 30 minutes passed since the last event', () => {
    const first = { id: start, lastEventTime: start + 10 * 60 * 1000 };
    const later = first.lastEventTime + thirtyMinutes;
    const { session, started } = nextSession(first, later, ANALYTICS.sessionTimeoutMs);
    expect(started).toBe(true);
    expect(session.id).toBe(later);
  });

  it('never repeats an id when the clock goes back', () => {
    const sessions = createSessionStore(memoryStore());
    sessions.touch(start, ANALYTICS.sessionTimeoutMs);
    expect(sessions.startNew(start - 5)).toBe(start + 1);
  });

  it('is kept in storage, so a reload (or another tab) continues it', () => {
    const store = memoryStore();
    const id = createSessionStore(store).touch(start, ANALYTICS.sessionTimeoutMs);
    const afterReload = createSessionStore(store);
    expect(afterReload.touch(start + 60_000, ANALYTICS.sessionTimeoutMs)).toBe(id);
    expect(afterReload.current()).toEqual({ id: start, lastEventTime: start + 60_000 });
  });

  it('starts a new session on demand (a new campaign)', () => {
    const sessions = createSessionStore(memoryStore());
    sessions.touch(start, ANALYTICS.sessionTimeoutMs);
    expect(sessions.startNew(start + 1000)).toBe(start + 1000);
    expect(sessions.touch(start + 2000, ANALYTICS.sessionTimeoutMs)).toBe(start + 1000);
  });
});
