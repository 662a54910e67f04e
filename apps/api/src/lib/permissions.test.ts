import { DEFAULT_PERMISSION_SETS } from '@offplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthChanges } from '../db/auth-changes.ts';
import { permissionSetOverrides } from '../db/schema/index.ts';
import { openTestDatabase } from '../test/test-app.ts';
import { permissionSetsReader } from './permissions.ts';

/** Changes announced by hand, and a listener that is live or not as the test says. */
function fakeChanges() {
  const listeners = new Set<(payload: string) => void>();
  return {
    live: true as boolean,
    subscribe(listener: (payload: string) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    announce: (payload: string) => {
      for (const listener of listeners) listener(payload);
    },
    close: async () => {},
  } satisfies AuthChanges & { announce(payload: string): void };
}

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const removeReporting = () =>
  database.db.insert(permissionSetOverrides).values({
    setKey: 'organisation_owner',
    permissions: DEFAULT_PERMISSION_SETS.organisation_owner.filter((name) => name !== 'reporting.view'),
  });

describe('permissionSetsReader (decision 032)', () => {
  it('reads once while live, forgets on "permissions", "*" and unknown payloads, keeps on session and user ones', async () => {
    const changes = fakeChanges();
    const reader = permissionSetsReader(database.db, changes);
    expect((await reader.read()).organisation_owner).toContain('reporting.view');
    await reader.read();
    expect(reader.reads).toBe(1);

    changes.announce('s:session-1');
    changes.announce('u:user-1');
    await reader.read();
    expect(reader.reads).toBe(1);

    // An edit nobody announced is not seen while the kept copy stands; the announcement drops it.
    await removeReporting();
    expect((await reader.read()).organisation_owner).toContain('reporting.view');
    changes.announce('permissions');
    expect((await reader.read()).organisation_owner).not.toContain('reporting.view');
    expect(reader.reads).toBe(2);

    for (const payload of ['*', 'something-new']) {
      changes.announce(payload);
      await reader.read();
    }
    expect(reader.reads).toBe(4);
    await database.db.delete(permissionSetOverrides);
  });

  it('reads the database on every check while the listener is not live', async () => {
    const changes = fakeChanges();
    changes.live = false;
    const reader = permissionSetsReader(database.db, changes);
    expect((await reader.read()).organisation_owner).toContain('reporting.view');
    await removeReporting();
    // Unannounced, yet seen on the very next check.
    expect((await reader.read()).organisation_owner).not.toContain('reporting.view');
    expect(reader.reads).toBe(2);
    await database.db.delete(permissionSetOverrides);
  });
});
