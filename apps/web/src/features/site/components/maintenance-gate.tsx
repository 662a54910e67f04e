import { Anchor, Badge, Box } from '@mantine/core';
import { isPlatformAdmin } from '@offplan/shared';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { MaintenanceScreen } from '../../../components/feedback/maintenance-screen.tsx';
import { sessionQueryOptions } from '../../auth/index.ts';
import { siteQueryOptions } from '../api/site.ts';
import { useMaintenanceSignal } from '../hooks/use-maintenance-signal.ts';

export const SITE_SETTINGS_PATH = '/site-settings';

/**
 * During maintenance the only sign-in left open is the one on the way to the switch: opening
 * /site-settings sends a visitor to /login?redirect=/site-settings (and its two-step pages), so admins
 * can come in; every other sign-in page shows the maintenance screen like the rest (decision 018).
 */
export function isAdminSignInPath(pathname: string, searchStr: string): boolean {
  if (pathname !== '/login' && !pathname.startsWith('/login/')) return false;
  const target = new URLSearchParams(searchStr).get('redirect') ?? '';
  return target === SITE_SETTINGS_PATH || target.startsWith(`${SITE_SETTINGS_PATH}?`);
}

/**
 * Spec §2: while the maintenance flag is set the maintenance screen replaces the app, on every page,
 * for everyone but platform admins (who keep the portal to switch it off at /site-settings) and the
 * sign-in on the way there.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  useMaintenanceSignal();
  const { data: site } = useSuspenseQuery(siteQueryOptions());
  const location = useRouterState({ select: (state) => state.location });
  // Conditional read (only while in maintenance), so useQuery rather than a loader.
  const { data: session } = useQuery({ ...sessionQueryOptions(), enabled: site.maintenanceMode });
  if (!site.maintenanceMode) return children;
  const admin = Boolean(session && isPlatformAdmin(session.user) && !session.session?.impersonatedBy);
  if (admin) {
    return (
      <>
        {children}
        <Box pos="fixed" bottom={16} left={16} style={{ zIndex: 400 }}>
          <Badge color="orange" variant="filled" size="lg" radius="sm">
            {/* White on orange reads at 3:1; black at 6.9:1 (WCAG AA asks 4.5:1). */}
            <Anchor component={Link} to={SITE_SETTINGS_PATH} c="black" fz="xs" fw={700}>
              Maintenance mode is on
            </Anchor>
          </Badge>
        </Box>
      </>
    );
  }
  if (isAdminSignInPath(location.pathname, location.searchStr)) return children;
  return <MaintenanceScreen />;
}
