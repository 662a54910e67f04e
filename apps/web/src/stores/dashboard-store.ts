import {
  DASHBOARD_FILTER_KEYS,
  type DashboardFilterKey,
  type DashboardSort,
  STORAGE_KEYS,
} from '@offplan/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type DashboardFilters = Record<DashboardFilterKey, boolean>;

export const ALL_DASHBOARD_FILTERS_ON = Object.fromEntries(
  DASHBOARD_FILTER_KEYS.map((key) => [key, true]),
) as DashboardFilters;

type DashboardFiltersState = {
  filters: DashboardFilters;
  setFilter: (key: DashboardFilterKey, on: boolean) => void;
  /** Logout cleanup (spec §4): every filter back on. */
  resetFilters: () => void;
};

type DashboardSortState = {
  /** Undefined until the user picks one: the list then sorts by the search default. */
  sort?: DashboardSort;
  setSort: (sort: DashboardSort) => void;
  /** Logout cleanup (spec §4): the sort is removed, not reset. */
  removeSort: () => void;
};

/** Dashboard filter keys of spec §3, all on by default, persisted under their own key. */
export const useDashboardFiltersStore = create<DashboardFiltersState>()(
  persist(
    (set) => ({
      filters: ALL_DASHBOARD_FILTERS_ON,
      setFilter: (key, on) => set((state) => ({ filters: { ...state.filters, [key]: on } })),
      resetFilters: () => set({ filters: ALL_DASHBOARD_FILTERS_ON }),
    }),
    {
      name: STORAGE_KEYS.dashboardFilters,
      storage: createJSONStorage(() => localStorage),
      // Keys added later default to on.
      merge: (persisted, current) => ({
        ...current,
        filters: { ...ALL_DASHBOARD_FILTERS_ON, ...(persisted as Partial<DashboardFiltersState>)?.filters },
      }),
    },
  ),
);

/** The dashboard's sort, persisted under its own key so logout can remove it. */
export const useDashboardSortStore = create<DashboardSortState>()(
  persist(
    (set) => ({
      setSort: (sort) => set({ sort }),
      removeSort: () => {
        set({ sort: undefined });
        useDashboardSortStore.persist.clearStorage();
      },
    }),
    { name: STORAGE_KEYS.dashboardSort, storage: createJSONStorage(() => localStorage) },
  ),
);
