import { STORAGE_KEYS } from '@offplan/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ALL_DASHBOARD_FILTERS_ON,
  useDashboardFiltersStore,
  useDashboardSortStore,
} from './dashboard-store.ts';
import { useLayoutStore } from './layout-store.ts';
import { logoutCleanup } from './logout-cleanup.ts';
import { DEFAULT_REPORTING_SELECTIONS, useReportingStore } from './reporting-store.ts';
import { readSiteColor } from './theme-store.ts';

beforeEach(() => {
  window.localStorage.clear();
});

describe('logoutCleanup (spec §4, exactly its list)', () => {
  it('resets filters to all-on, removes the sort, sets light, expands the sidebar, removes both reporting keys', () => {
    useDashboardFiltersStore.getState().setFilter('sold_out', false);
    useDashboardSortStore.getState().setSort({ by: 'createdAt', order: 'desc' });
    window.localStorage.setItem(STORAGE_KEYS.siteColor, 'dark');
    useLayoutStore.getState().setNavbarCollapsed(true);
    window.localStorage.setItem(STORAGE_KEYS.reportFilterMarker, 'true');
    window.localStorage.setItem(STORAGE_KEYS.reportingSelections, '[1,2]');
    useReportingStore.getState().select({ selectedProjects: [1, 2], period: 'WEEK' });

    logoutCleanup();

    expect(useDashboardFiltersStore.getState().filters).toEqual(ALL_DASHBOARD_FILTERS_ON);
    expect(useDashboardSortStore.getState().sort).toBeUndefined();
    expect(window.localStorage.getItem(STORAGE_KEYS.dashboardSort)).toBeNull();
    expect(readSiteColor()).toBe('light');
    expect(useLayoutStore.getState().navbarCollapsed).toBe(false);
    expect(window.localStorage.getItem(STORAGE_KEYS.toggleSidebar)).toBe('false');
    expect(window.localStorage.getItem(STORAGE_KEYS.reportFilterMarker)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.reportingSelections)).toBeNull();
    // The open tab's reporting state too, so the next user does not inherit it.
    expect(useReportingStore.getState()).toMatchObject(DEFAULT_REPORTING_SELECTIONS);
  });

  it('touches no other key', () => {
    const others = {
      'analytics-device-id': 'd1',
      'some-feature': '{"a":1}',
      [STORAGE_KEYS.adminMagicToken]: 'm',
    };
    for (const [key, value] of Object.entries(others)) window.localStorage.setItem(key, value);

    logoutCleanup();

    for (const [key, value] of Object.entries(others)) expect(window.localStorage.getItem(key)).toBe(value);
    const keys = Object.keys(window.localStorage).sort();
    expect(keys).toEqual(
      [
        ...Object.keys(others),
        STORAGE_KEYS.dashboardFilters,
        STORAGE_KEYS.siteColor,
        STORAGE_KEYS.toggleSidebar,
      ].sort(),
    );
  });
});
