import type { EventQueue } from './event-queue.ts';
import { ANALYTICS_STORAGE_KEYS } from './storage.ts';
import type { Transport } from './transport.ts';

/**
 * Leaving: a hidden tab may be closed without another chance, so its events go at once with
 * keepalive; on page-hide (closing, navigating away) the rest goes by beacon. Browsers fire the two in
 * either order: after page-hide the visibility change sends nothing more. Also resumes sending when the
 * network is back, and takes another tab's stored queue as the truth. Answers the function that stops
 * listening.
 */
export function followPageLifecycle(
  target: Window,
  transport: Pick<Transport, 'sendOnExit' | 'flush' | 'resume'>,
  queue: Pick<EventQueue, 'reload'>,
): () => void {
  let leaving = false;
  const onPageHide = () => {
    leaving = true;
    transport.sendOnExit();
  };
  const onPageShow = () => {
    leaving = false;
  };
  const onVisibility = () => {
    if (target.document.visibilityState === 'hidden' && !leaving) void transport.flush({ keepalive: true });
  };
  const onOnline = () => transport.resume();
  const onStorage = (event: StorageEvent) => {
    if (event.key === ANALYTICS_STORAGE_KEYS.events || event.key === null) queue.reload();
  };
  target.addEventListener('pagehide', onPageHide);
  target.addEventListener('pageshow', onPageShow);
  target.document.addEventListener('visibilitychange', onVisibility);
  target.addEventListener('online', onOnline);
  target.addEventListener('storage', onStorage);
  return () => {
    target.removeEventListener('pagehide', onPageHide);
    target.removeEventListener('pageshow', onPageShow);
    target.document.removeEventListener('visibilitychange', onVisibility);
    target.removeEventListener('online', onOnline);
    target.removeEventListener('storage', onStorage);
  };
}
