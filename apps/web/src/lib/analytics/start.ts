import type { AnyRouter } from '@tanstack/react-router';
import { trackPageViews } from './page-views.ts';
import { redactPath } from './privacy.ts';
import { analytics, type Tracker } from './tracker.ts';

/**
 * Runs `task` once the browser has painted the first frame: a frame callback runs before that
 * paint, the task queued from it after (issue 21: analytics never delays what the visitor sees).
 */
function afterFirstPaint(task: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(task, 0));
  else setTimeout(task, 0);
}

/**
 * Page-load wiring (main.tsx): the tracker reads `iterableEmailCampaignId` and `csl` from the landing
 * URL and starts sending; page views follow the router. After first paint the remote config is asked
 * for, and autocapture (its own chunk) starts once it has answered (or failed, when the local config
 * stands, autocapture on).
 */
export function startAnalytics(
  router: Pick<AnyRouter, 'subscribe' | 'state'>,
  tracker: Tracker = analytics,
): () => void {
  tracker.start({ url: window.location.href });
  const stopPageViews = trackPageViews(router, tracker.track);
  let stopAutocapture: (() => void) | null = null;
  let stopped = false;
  afterFirstPaint(() => {
    if (stopped) return;
    void startRemoteConfigAndAutocapture(tracker, () => stopped).then((stop) => {
      stopAutocapture = stop;
    });
  });
  return () => {
    stopped = true;
    stopPageViews();
    stopAutocapture?.();
    tracker.stop();
  };
}

async function startRemoteConfigAndAutocapture(
  tracker: Tracker,
  isStopped: () => boolean,
): Promise<(() => void) | null> {
  const { fetchRemoteConfig } = await import('./remote-config.ts');
  const config = await fetchRemoteConfig({ sessionId: tracker.state().sessionId });
  if (isStopped()) return null;
  tracker.setConfig(config);
  if (!config.autocapture) return null;
  const { startAutocapture } = await import('./autocapture.ts');
  if (isStopped()) return null;
  return startAutocapture({ track: tracker.track, pagePath: () => redactPath(window.location.pathname) });
}
