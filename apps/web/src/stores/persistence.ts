import { PERSIST_REHYDRATION_TIMEOUT_MS } from '@offplan/shared';
import { useDashboardFiltersStore, useDashboardSortStore } from './dashboard-store.ts';
import { useReportingStore } from './reporting-store.ts';

/*
 * Spec §4 "Local state persistence: persisted except colours, config, left sidebar and navigation;
 * rehydration times out after 5000 ms" (decision 016):
 * - persisted app state: the zustand stores listed here, each under its own key so logout can reset
 *   or remove it alone (dashboard filters and sort, reporting's selections);
 * - colours and the left sidebar are client preferences with keys of their own (`site-color`,
 *   `toggle-sidebar`, spec §3), read synchronously and outside this state;
 * - config (GET /api/site) and navigation (derived from config and account) are fetched, never stored;
 * - the save indicator, the settings drawer and the mobile sidebar are per page load.
 */

/** What waitForRehydration needs of a zustand `persist` store. */
export type PersistedStore = {
  /** Absent without storage: zustand leaves the store as it is (the server's first paint, decision 050). */
  persist?: {
    hasHydrated: () => boolean;
    onFinishHydration: (listener: () => void) => () => void;
  };
};

export const PERSISTED_STORES: readonly PersistedStore[] = [
  useDashboardFiltersStore,
  useDashboardSortStore,
  useReportingStore,
];

/**
 * Resolves once every store has rehydrated, or after `timeoutMs` at the latest: the app starts
 * either way (with defaults for any store still loading). Local storage rehydrates synchronously, so
 * in the browser this resolves at once; the limit guards asynchronous storage.
 */
export function waitForRehydration(
  stores: readonly PersistedStore[] = PERSISTED_STORES,
  timeoutMs: number = PERSIST_REHYDRATION_TIMEOUT_MS,
): Promise<{ timedOut: boolean }> {
  const pending = stores.flatMap((store) =>
    store.persist && !store.persist.hasHydrated() ? [store.persist] : [],
  );
  if (pending.length === 0) return Promise.resolve({ timedOut: false });
  return new Promise((resolve) => {
    const unsubscribes: Array<() => void> = [];
    let left = pending.length;
    const finish = (timedOut: boolean) => {
      window.clearTimeout(timer);
      for (const unsubscribe of unsubscribes) unsubscribe();
      resolve({ timedOut });
    };
    const timer = window.setTimeout(() => finish(true), timeoutMs);
    for (const persist of pending) {
      unsubscribes.push(
        persist.onFinishHydration(() => {
          left -= 1;
          if (left === 0) finish(false);
        }),
      );
    }
  });
}
