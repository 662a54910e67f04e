import { useSyncExternalStore } from 'react';

/**
 * Whether any toast can have been shown yet. Toasts are shown with `notifications.show` from
 * lib/toasts.ts, which says so here when it first loads; only then does the app mount the toast
 * container. A page that shows no toast (the sign-in page, the dashboard) never loads it (issue 21).
 */
let toastsInUse = false;
const listeners = new Set<() => void>();

export function markToastsInUse(): void {
  if (toastsInUse) return;
  toastsInUse = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToastsInUse(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => toastsInUse,
    () => toastsInUse,
  );
}
