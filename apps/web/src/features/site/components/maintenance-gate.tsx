import { isPlatformAdmin } from '@offplan/shared';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { deferredComponent } from '../../../lib/deferred-component.tsx';
import { sessionQueryOptions } from '../../auth/index.ts';
import { siteQueryOptions } from '../api/site.ts';
import { useMaintenanceSignal } from '../hooks/use-maintenance-signal.ts';

export const SITE_SETTINGS_PATH = '/site-settings';

// The maintenance screen and the admins' badge load only while the flag is set (issue 21): every page
// has the gate, and almost no visit meets maintenance. The root loader waits for them when the site
// answers in maintenance (`loadMaintenanceViews`), so the screen is there at the first paint.
const MaintenanceScreen = deferredComponent(() =>
  import('../../../components/feedback/maintenance-screen.tsx').then((module) => module.MaintenanceScreen),
);
const MaintenanceBadge = deferredComponent(() =>
  import('./maintenance-badge.tsx').then((module) => module.MaintenanceBadge),
);

/** Loads what the gate shows during maintenance; a failed load is left to the render, which tries again. */
export async function loadMaintenanceViews(): Promise<void> {
  await Promise.all([MaintenanceScreen.load(), MaintenanceBadge.load()]).catch(() => undefined);
}

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
        <MaintenanceBadge.Component />
      </>
    );
  }
  if (isAdminSignInPath(location.pathname, location.searchStr)) return children;
  return <MaintenanceScreen.Component />;
}
