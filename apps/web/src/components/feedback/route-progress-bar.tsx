import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { useEffect } from 'react';

/** The bar itself (route-progress.tsx decides when): runs while `active`, completes when it ends. */
export function RouteProgressBar({ active }: { active: boolean }) {
  useEffect(() => {
    if (!active) return;
    nprogress.start();
    return () => nprogress.complete();
  }, [active]);

  return <NavigationProgress size={3} aria-label="Loading page" />;
}
