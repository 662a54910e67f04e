import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { deferredComponent } from '../../lib/deferred-component.tsx';

/** Quick navigations finish before this, so they never flash the bar. */
const SHOW_AFTER_MS = 150;

// The bar (Mantine's NavigationProgress, its store, Transition and Portal) loads the first time a route
// change is slow enough to show it: most first visits never need it (issue 21).
const ProgressBar = deferredComponent(() =>
  import('./route-progress-bar.tsx').then((module) => module.RouteProgressBar),
);

/** Spec §2: a progress bar shows during route changes. */
export function RouteProgress() {
  const loading = useRouterState({ select: (state) => state.status === 'pending' });
  const [active, setActive] = useState(false);
  // Once shown, the bar stays mounted (idle between route changes), so it is not loaded twice.
  const [used, setUsed] = useState(ProgressBar.isLoaded);

  useEffect(() => {
    if (!loading) return;
    const timer = window.setTimeout(() => {
      setActive(true);
      setUsed(true);
    }, SHOW_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      setActive(false);
    };
  }, [loading]);

  return used ? <ProgressBar.Component active={active} /> : null;
}
