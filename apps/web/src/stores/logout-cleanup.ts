import { STORAGE_KEYS } from '@offplan/shared';
import { useDashboardFiltersStore, useDashboardSortStore } from './dashboard-store.ts';
import { expandSidebar } from './layout-store.ts';
import { useReportingStore } from './reporting-store.ts';
import { resetSiteColor } from './theme-store.ts';

function removeKey(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored where nothing can be stored.
  }
}

/**
 * Spec §4 "Logout cleanup", exactly its list and nothing more: dashboard filter reset to all-on,
 * dashboard sort removed, theme reset to light, sidebar expanded, report filter marker removed,
 * reporting selections cleared. Called by /logout and by every 'Return to Admin' path that signs
 * the user out.
 */
export function logoutCleanup(): void {
  useDashboardFiltersStore.getState().resetFilters();
  useDashboardSortStore.getState().removeSort();
  resetSiteColor();
  expandSidebar();
  removeKey(STORAGE_KEYS.reportFilterMarker);
  removeKey(STORAGE_KEYS.reportingSelections);
  // The open page's selections too, or the next user of this tab would inherit them.
  useReportingStore.getState().clearSelections();
}
