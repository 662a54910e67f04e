import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useCallback } from 'react';
import { analytics } from '../../../lib/analytics/tracker.ts';
import type { SiteColor } from '../../../stores/theme-store.ts';

export type SiteColorSource = 'settings' | 'shortcut';

/**
 * The background (spec §4): Mantine's colour scheme, stored under `site-color` by the app's manager.
 * Every change is a darkmode_settings_updated event.
 */
export function useSiteColor() {
  const { setColorScheme } = useMantineColorScheme();
  const siteColor = useComputedColorScheme('light') as SiteColor;

  const setSiteColor = useCallback(
    (value: SiteColor, source: SiteColorSource) => {
      setColorScheme(value);
      analytics.track('darkmode_settings_updated', {
        site_color: value,
        dark_mode: value === 'dark',
        source,
      });
    },
    [setColorScheme],
  );

  const toggleSiteColor = useCallback(
    (source: SiteColorSource) => setSiteColor(siteColor === 'dark' ? 'light' : 'dark', source),
    [setSiteColor, siteColor],
  );

  return { siteColor, setSiteColor, toggleSiteColor };
}
