import { create } from 'zustand';

type LayoutState = {
  /** Desktop: the left sidebar folded away (spec §4 "Left sidebar collapsed"). */
  navbarCollapsed: boolean;
  /** Mobile: the sidebar drawn over the page. */
  mobileNavbarOpened: boolean;
  toggleNavbar: () => void;
  toggleMobileNavbar: () => void;
  closeMobileNavbar: () => void;
};

/**
 * Frame state of the main layout. Not persisted yet: the settings-sidebar issue adds the
 * `toggle-sidebar` local-storage key (STORAGE_KEYS.toggleSidebar) and the logout reset here.
 */
export const useLayoutStore = create<LayoutState>()((set) => ({
  navbarCollapsed: false,
  mobileNavbarOpened: false,
  toggleNavbar: () => set((state) => ({ navbarCollapsed: !state.navbarCollapsed })),
  toggleMobileNavbar: () => set((state) => ({ mobileNavbarOpened: !state.mobileNavbarOpened })),
  closeMobileNavbar: () => set({ mobileNavbarOpened: false }),
}));
