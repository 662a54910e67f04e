import type { AnyRouter } from '@tanstack/react-router';
import { startAutocapture } from './autocapture.ts';
import { trackPageViews } from './page-views.ts';
import { redactPath } from './privacy.ts';
import { fetchRemoteConfig } from './remote-config.ts';
import { analytics, type Tracker } from './tracker.ts';

/**
 * Page-load wiring (main.tsx): the tracker reads `iterableEmailCampaignId` and `csl` from the landing
 * URL and starts sending; page views follow the router; autocapture starts once the remote config has
 * answered (or failed, when the local config stands, autocapture on).
 */
export function startAnalytics(
  router: Pick<AnyRouter, 'subscribe' | 'state'>,
  tracker: Tracker = analytics,
): () => void {
  tracker.start({ url: window.location.href });
  const stopPageViews = trackPageViews(router, tracker.track);
  let stopAutocapture: (() => void) | null = null;
  let stopped = false;
  void fetchRemoteConfig({ sessionId: tracker.state().sessionId }).then((config) => {
    if (stopped) return;
    tracker.setConfig(config);
    if (config.autocapture) {
      stopAutocapture = startAutocapture({
        track: tracker.track,
        pagePath: () => redactPath(window.location.pathname),
      });
    }
  });
  return () => {
    stopped = true;
    stopPageViews();
    stopAutocapture?.();
    tracker.stop();
  };
}
