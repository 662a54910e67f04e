import { PERSIST_REHYDRATION_TIMEOUT_MS } from '@offplan/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERSISTED_STORES, type PersistedStore, waitForRehydration } from './persistence.ts';

/** A persisted store whose rehydration ends when the test says so. */
function slowStore() {
  let hydrated = false;
  const listeners = new Set<() => void>();
  const store: PersistedStore = {
    persist: {
      hasHydrated: () => hydrated,
      onFinishHydration: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
  const finish = () => {
    hydrated = true;
    for (const listener of listeners) listener();
  };
  return { store, finish, listenerCount: () => listeners.size };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('waitForRehydration (spec §4 local state persistence)', () => {
  it('resolves at once for the app stores: local storage rehydrates synchronously', async () => {
    expect(PERSISTED_STORES.length).toBeGreaterThan(0);
    await expect(waitForRehydration()).resolves.toEqual({ timedOut: false });
  });

  it('does not wait for a store without storage (the server render, decision 050): it has nothing to load', async () => {
    const pending = slowStore();
    const withoutStorage: PersistedStore = {};
    const result = vi.fn();
    void waitForRehydration([withoutStorage, pending.store]).then(result);
    await Promise.resolve();
    expect(result).not.toHaveBeenCalled();
    pending.finish();
    await vi.waitFor(() => expect(result).toHaveBeenCalledWith({ timedOut: false }));
    await expect(waitForRehydration([withoutStorage])).resolves.toEqual({ timedOut: false });
  });

  it('waits for every store to finish, then stops listening', async () => {
    const a = slowStore();
    const b = slowStore();
    const result = vi.fn();
    void waitForRehydration([a.store, b.store]).then(result);

    a.finish();
    await Promise.resolve();
    expect(result).not.toHaveBeenCalled();
    b.finish();
    await vi.waitFor(() => expect(result).toHaveBeenCalledWith({ timedOut: false }));
    expect(a.listenerCount() + b.listenerCount()).toBe(0);
  });

  it(`gives up after ${PERSIST_REHYDRATION_TIMEOUT_MS} ms so the app never waits longer`, async () => {
    expect(PERSIST_REHYDRATION_TIMEOUT_MS).toBe(5000);
    vi.useFakeTimers();
    const stuck = slowStore();
    const result = vi.fn();
    void waitForRehydration([stuck.store]).then(result);

    await vi.advanceTimersByTimeAsync(PERSIST_REHYDRATION_TIMEOUT_MS - 1);
    expect(result).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toHaveBeenCalledWith({ timedOut: true });
    expect(stuck.listenerCount()).toBe(0);
  });
});
