import { ANALYTICS, ANALYTICS_MAX_EVENTS_PER_BATCH, type AnalyticsEvent } from '@offplan/shared';
import type { EventQueue } from './event-queue.ts';

const encoder = new TextEncoder();
const sizes = new WeakMap<object, number>();

/** The bytes an event takes in a batch body (cached: the queue keeps the same objects). */
export function eventBytes(event: AnalyticsEvent): number {
  let size = sizes.get(event);
  if (size === undefined) {
    size = encoder.encode(JSON.stringify(event)).length + 1;
    sizes.set(event, size);
  }
  return size;
}

/** The bytes of a string as sent (the keepalive and beacon limits count bytes, not characters). */
export const byteLength = (text: string) => encoder.encode(text).length;

export const batchBody = (events: readonly AnalyticsEvent[]) => JSON.stringify({ events });

export const idsOf = (events: readonly AnalyticsEvent[]) => events.map((event) => event.insert_id);

/** The bytes waiting, counted only up to the batch limit (enough to know a flush is due). */
export function pendingBytes(queue: EventQueue): number {
  let total = 0;
  for (const event of queue.pending()) {
    total += eventBytes(event);
    if (total >= ANALYTICS.batchBytes) break;
  }
  return total;
}

/**
 * The oldest events of this flush (`flushing`) that fit the batch limits; always at least one, so an
 * oversized event meets the server (and its 413).
 */
export function nextBatch(
  queue: EventQueue,
  flushing: ReadonlySet<string>,
  batchLimit: number,
): AnalyticsEvent[] {
  const batch: AnalyticsEvent[] = [];
  let bytes = 0;
  for (const event of queue.pending()) {
    if (batch.length >= batchLimit) break;
    if (!flushing.has(event.insert_id)) continue;
    const size = eventBytes(event);
    if (batch.length > 0 && bytes + size > ANALYTICS.batchBytes) break;
    batch.push(event);
    bytes += size;
  }
  return batch;
}

/**
 * The oldest waiting events not already on the wire (`onTheWire`), up to 64 KB: what browsers allow for
 * beacons and keepalive requests together.
 */
export function exitBatch(queue: EventQueue, onTheWire: ReadonlySet<string>): AnalyticsEvent[] {
  const batch: AnalyticsEvent[] = [];
  let bytes = 0;
  for (const event of queue.pending()) {
    if (onTheWire.has(event.insert_id)) continue;
    const size = eventBytes(event);
    if (batch.length >= ANALYTICS_MAX_EVENTS_PER_BATCH || bytes + size > ANALYTICS.chunkBytes - 64) break;
    batch.push(event);
    bytes += size;
  }
  return batch;
}
