import type { AnyRouter } from '@tanstack/react-router';
import { redactPath } from './privacy.ts';

type TrackPageView = (eventType: 'page_viewed', properties: Record<string, string | null>) => unknown;

/**
 * A `page_viewed` event each time the router settles on a new path (the first page included). The
 * path only: query strings and fragments may carry tokens, and so may some paths (/forgot-password/
 * {token}), so secret-looking segments are redacted and the route's pattern is sent alongside.
 */
export function trackPageViews(
  router: Pick<AnyRouter, 'subscribe' | 'state'>,
  track: TrackPageView,
): () => void {
  let lastPath: string | null = null;
  return router.subscribe('onResolved', (event) => {
    const path = event.toLocation.pathname;
    if (path === lastPath) return;
    lastPath = path;
    const match = router.state.matches.at(-1);
    track('page_viewed', { page_path: redactPath(path), page_route: match?.fullPath ?? null });
  });
}
