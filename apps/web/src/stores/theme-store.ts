import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { STORAGE_KEYS } from '@offplan/shared';

/** Spec §3/§4: the background is 'light' or 'dark', default light. */
export type SiteColor = 'light' | 'dark';
export const DEFAULT_SITE_COLOR: SiteColor = 'light';

const KEY = STORAGE_KEYS.siteColor;

function isSiteColor(value: unknown): value is SiteColor {
  return value === 'light' || value === 'dark';
}

/** The stored background, or undefined when none (or something else) is stored. */
export function readSiteColor(): SiteColor | undefined {
  try {
    const value = window.localStorage.getItem(KEY);
    return isSiteColor(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function writeSiteColor(value: SiteColor): void {
  try {
    window.localStorage.setItem(KEY, value);
  } catch {
    // Kept for this page only.
  }
}

type Listener = (value: MantineColorScheme) => void;
const listeners = new Set<Listener>();

/**
 * Mantine's colour-scheme manager on the `site-color` key. MantineProvider reads it before its first
 * paint (no flash of the wrong background) and writes every change through it. Unlike Mantine's own
 * local-storage manager, a change made outside React (logout cleanup) reaches the mounted provider
 * too, as do changes from other tabs.
 */
export function createSiteColorManager(): MantineColorSchemeManager {
  let onStorage: ((event: StorageEvent) => void) | undefined;
  let subscribed: Listener | undefined;
  return {
    get: (defaultValue) => readSiteColor() ?? (isSiteColor(defaultValue) ? defaultValue : DEFAULT_SITE_COLOR),
    set: (value) => {
      if (isSiteColor(value)) writeSiteColor(value);
    },
    subscribe: (onUpdate) => {
      subscribed = onUpdate;
      listeners.add(onUpdate);
      onStorage = (event) => {
        if (event.storageArea === window.localStorage && event.key === KEY && isSiteColor(event.newValue))
          onUpdate(event.newValue);
      };
      window.addEventListener('storage', onStorage);
    },
    unsubscribe: () => {
      if (subscribed) listeners.delete(subscribed);
      if (onStorage) window.removeEventListener('storage', onStorage);
    },
    clear: () => {
      try {
        window.localStorage.removeItem(KEY);
      } catch {
        // Nothing stored where nothing can be stored.
      }
    },
  };
}

/** The app's one manager (main.tsx hands it to MantineProvider). */
export const siteColorManager = createSiteColorManager();

/** Logout cleanup (spec §4 "theme reset to light"): stored as light, and the page turns light now. */
export function resetSiteColor(): void {
  writeSiteColor(DEFAULT_SITE_COLOR);
  for (const listener of listeners) listener(DEFAULT_SITE_COLOR);
}
