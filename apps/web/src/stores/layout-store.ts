import { STORAGE_KEYS } from '@offplan/shared';
import { create } from 'zustand';

/*
 * Spec §3 "Client preferences": the sidebar's collapsed state lives under its own local-storage key,
 * `toggle-sidebar`, as the plain text 'true' or 'false' — not inside the persisted app state (spec §4
 * leaves the left sidebar out of it). Storage can be unavailable; then the sidebar simply starts open.
 */

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.toggleSidebar) === 'true';
  } catch {
    return false;
  }
}

function writeCollapsed(collapsed: boolean): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.toggleSidebar, String(collapsed));
  } catch {
    // Kept for this page only.
  }
}

type LayoutState = {
  /** Desktop: the left sidebar folded away (spec §4 "Left sidebar collapsed"); persisted. */
  navbarCollapsed: boolean;
  /** Mobile (under MOBILE_BREAKPOINT_PX): the sidebar drawn over the page. Never persisted. */
  mobileNavbarOpened: boolean;
  /** The right settings sidebar (spec §4: slides in and out). */
  settingsOpened: boolean;
  setNavbarCollapsed: (collapsed: boolean) => void;
  toggleNavbar: () => void;
  toggleMobileNavbar: () => void;
  closeMobileNavbar: () => void;
  openSettings: () => void;
  closeSettings: () => void;
  toggleSettings: () => void;
  /** Reads `toggle-sidebar` again (another tab changed it, or a test set it). */
  restore: () => void;
};

/** Frame state of the main layout: read from local storage once, synchronously, so nothing flashes. */
export const useLayoutStore = create<LayoutState>()((set, get) => ({
  navbarCollapsed: readCollapsed(),
  mobileNavbarOpened: false,
  settingsOpened: false,
  setNavbarCollapsed: (collapsed) => {
    writeCollapsed(collapsed);
    set({ navbarCollapsed: collapsed });
  },
  toggleNavbar: () => get().setNavbarCollapsed(!get().navbarCollapsed),
  toggleMobileNavbar: () => set((state) => ({ mobileNavbarOpened: !state.mobileNavbarOpened })),
  closeMobileNavbar: () => set({ mobileNavbarOpened: false }),
  openSettings: () => set({ settingsOpened: true }),
  closeSettings: () => set({ settingsOpened: false }),
  toggleSettings: () => set((state) => ({ settingsOpened: !state.settingsOpened })),
  restore: () => set({ navbarCollapsed: readCollapsed() }),
}));

/** Logout cleanup (spec §4 "sidebar expanded"): stored as expanded and shown expanded. */
export function expandSidebar(): void {
  useLayoutStore.getState().setNavbarCollapsed(false);
}
