import type { CrmDeliveryStatus, CrmDestination } from '@offplan/shared';

/** "840 ms", "2.4 s"; an em dash when no attempt was timed. */
export function formatLatency(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Mantine colours per delivery state. The badge always carries the label and an icon too, so the state
 * never rests on colour alone (and reads the same in light and dark).
 */
export const DELIVERY_STATUS_COLORS: Record<CrmDeliveryStatus, string> = {
  PENDING: 'blue',
  RETRYING: 'yellow',
  DELIVERED: 'green',
  FAILED: 'red',
};

/** States the log refreshes itself for: a new attempt is due soon. */
export const UNSETTLED_STATUSES: readonly CrmDeliveryStatus[] = ['PENDING', 'RETRYING'];

/** Where a destination sends: the webhook URL or the CRM's inbound address. */
export function destinationTarget(destination: Pick<CrmDestination, 'kind' | 'url' | 'email'>): string {
  return (destination.kind === 'WEBHOOK' ? destination.url : destination.email) ?? '—';
}

/** "All projects", the one project's title, or "3 projects: A, B, C" (titles as far as they are known). */
export function destinationProjects(
  destination: Pick<CrmDestination, 'allProjects' | 'projectIds'>,
  titles: ReadonlyMap<number, string>,
): string {
  if (destination.allProjects) return 'All projects';
  const names = destination.projectIds.map((id) => titles.get(id) ?? `Project ${id}`);
  if (names.length === 1) return names[0] ?? '';
  return `${names.length} projects: ${names.join(', ')}`;
}

/** "2 delivered · 1 failed · 1 retrying" over the last 30 days; "No deliveries yet" for none. */
export function recentSummary(recent: CrmDestination['recent']): string {
  const parts = [
    [recent.delivered, 'delivered'],
    [recent.failed, 'failed'],
    [recent.retrying, 'retrying'],
    [recent.pending, 'pending'],
  ] as const;
  const shown = parts.filter(([count]) => count > 0).map(([count, label]) => `${count} ${label}`);
  return shown.length === 0 ? 'No deliveries in the last 30 days' : shown.join(' · ');
}
