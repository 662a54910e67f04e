import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';

/** Quick navigations finish before this, so they never flash the bar. */
const SHOW_AFTER_MS = 150;

/** Spec §2: a progress bar shows during route changes. */
export function RouteProgress() {
  const loading = useRouterState({ select: (state) => state.status === 'pending' });

  useEffect(() => {
    if (!loading) return;
    const timer = window.setTimeout(() => nprogress.start(), SHOW_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      nprogress.complete();
    };
  }, [loading]);

  return <NavigationProgress size={3} aria-label="Loading page" />;
}
