import { Drawer, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { analytics } from '../../../lib/analytics/tracker.ts';
import { useLayoutStore } from '../../../stores/layout-store.ts';
import type { SiteColor } from '../../../stores/theme-store.ts';
import { useSiteColor } from './use-site-color.ts';

const BACKGROUND_OPTIONS: { value: SiteColor; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/**
 * Spec §2/§4 right settings sidebar: 'Settings', a 'Toggle sidebar' switch (on = left sidebar
 * collapsed) and 'Colors > Background' light or dark. It slides in and out from the right.
 */
export function SettingsSidebar() {
  const opened = useLayoutStore((state) => state.settingsOpened);
  const closeSettings = useLayoutStore((state) => state.closeSettings);
  const collapsed = useLayoutStore((state) => state.navbarCollapsed);
  const setNavbarCollapsed = useLayoutStore((state) => state.setNavbarCollapsed);
  const { siteColor, setSiteColor } = useSiteColor();
  // Loaded when first opened (main-layout.tsx): mounted closed, then opened, so that first time it
  // slides in like every other.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  return (
    <Drawer
      opened={opened && mounted}
      onClose={closeSettings}
      position="right"
      size={300}
      // Mantine draws the title as the drawer's heading (h2) and names the dialog after it.
      title="Settings"
      transitionProps={{ transition: 'slide-left', duration: 200 }}
    >
      <Stack gap="lg">
        <Switch
          label="Toggle sidebar"
          checked={collapsed}
          onChange={(event) => {
            const next = event.currentTarget.checked;
            setNavbarCollapsed(next);
            analytics.track('sidebar_settings_updated', { toggle_sidebar: next });
          }}
        />
        <Stack gap="xs" component="section" aria-labelledby="settings-colors">
          <Text id="settings-colors" size="sm" fw={650}>
            Colors
          </Text>
          <Text id="settings-background" size="xs" c="dimmed">
            Background
          </Text>
          <SegmentedControl
            aria-labelledby="settings-background"
            fullWidth
            data={BACKGROUND_OPTIONS}
            value={siteColor}
            onChange={(value) => {
              if (value === 'light' || value === 'dark') setSiteColor(value, 'settings');
            }}
          />
        </Stack>
      </Stack>
    </Drawer>
  );
}
