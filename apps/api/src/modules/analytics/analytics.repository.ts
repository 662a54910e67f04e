import type { AnalyticsEvent } from '@offplan/shared';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { analyticsEvents } from '../../db/schema/index.ts';

/**
 * Stores a batch; a retried copy of an event (same insert_id) is ignored. Answers the new ids.
 * An event is put on the session's user only when it was recorded for that user (or for nobody):
 * one queued for someone else (sent after they signed out and another person signed in) stays anonymous.
 */
export async function storeEvents(
  db: Db,
  events: AnalyticsEvent[],
  sessionUserId: string | null,
): Promise<string[]> {
  const rows = await db
    .insert(analyticsEvents)
    .values(
      events.map((event) => ({
        insertId: event.insert_id,
        eventType: event.event_type,
        time: new Date(event.time),
        version: event.version,
        sessionId: event.session_id,
        deviceId: event.device_id,
        userId:
          sessionUserId && (event.user_id == null || event.user_id === sessionUserId) ? sessionUserId : null,
        campaignId: event.campaign_id ?? null,
        eventProperties: event.event_properties,
        userProperties: event.user_properties,
      })),
    )
    .onConflictDoNothing()
    .returning({ insertId: analyticsEvents.insertId });
  return rows.map((row) => row.insertId);
}

/** Retention: events received before the cut-off go. */
export async function deleteEventsBefore(db: Db, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(analyticsEvents)
    .where(lt(analyticsEvents.receivedAt, cutoff))
    .returning({ insertId: analyticsEvents.insertId });
  return rows.length;
}

export async function listEvents(
  db: Db,
  query: { deviceId?: string | undefined; userId?: string | undefined; limit: number },
) {
  const conditions = [
    ...(query.deviceId ? [eq(analyticsEvents.deviceId, query.deviceId)] : []),
    ...(query.userId ? [eq(analyticsEvents.userId, query.userId)] : []),
  ];
  const rows = await db
    .select()
    .from(analyticsEvents)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(analyticsEvents.time))
    .limit(query.limit);
  return rows.map((row) => ({
    insertId: row.insertId,
    eventType: row.eventType,
    time: row.time.toISOString(),
    version: row.version,
    sessionId: row.sessionId,
    deviceId: row.deviceId,
    userId: row.userId,
    campaignId: row.campaignId,
    eventProperties: row.eventProperties,
    userProperties: row.userProperties,
  }));
}

export type AnalyticsVendor = 'amplitude' | 'posthog';
export type StoredAnalyticsEvent = typeof analyticsEvents.$inferSelect;

const vendorColumns = (vendor: AnalyticsVendor) =>
  vendor === 'amplitude'
    ? { forwarded: analyticsEvents.amplitudeForwardedAt, claimed: analyticsEvents.amplitudeClaimedUntil }
    : { forwarded: analyticsEvents.posthogForwardedAt, claimed: analyticsEvents.posthogClaimedUntil };

/** Of these events, the ones the vendor has not accepted yet (claimed or not), oldest first. */
export async function unforwardedEvents(db: Db, vendor: AnalyticsVendor, insertIds: string[]) {
  if (!insertIds.length) return [];
  return db
    .select()
    .from(analyticsEvents)
    .where(and(inArray(analyticsEvents.insertId, insertIds), isNull(vendorColumns(vendor).forwarded)))
    .orderBy(analyticsEvents.time);
}

/**
 * Claims events for one send to a vendor, in one statement: only those not yet forwarded and not claimed
 * by another job (a retry and the nightly re-forward, in this or another process) whose claim is still
 * running. Answers the claimed rows; a claim left by a crashed process lapses after `seconds`.
 */
export async function claimForForwarding(
  db: Db,
  vendor: AnalyticsVendor,
  insertIds: string[],
  seconds: number,
): Promise<StoredAnalyticsEvent[]> {
  if (!insertIds.length) return [];
  const { forwarded, claimed } = vendorColumns(vendor);
  return db
    .update(analyticsEvents)
    .set({
      [vendor === 'amplitude' ? 'amplitudeClaimedUntil' : 'posthogClaimedUntil']:
        sql`now() + make_interval(secs => ${seconds})`,
    })
    .where(
      and(
        inArray(analyticsEvents.insertId, insertIds),
        isNull(forwarded),
        or(isNull(claimed), lt(claimed, sql`now()`)),
      ),
    )
    .returning();
}

/** The vendor accepted these events (`forwarded`), or refused them and they go back to the pool (released). */
export async function settleForwarding(
  db: Db,
  vendor: AnalyticsVendor,
  insertIds: string[],
  outcome: 'forwarded' | 'released',
) {
  if (!insertIds.length) return;
  const set =
    vendor === 'amplitude'
      ? {
          amplitudeClaimedUntil: null,
          ...(outcome === 'forwarded' ? { amplitudeForwardedAt: new Date() } : {}),
        }
      : { posthogClaimedUntil: null, ...(outcome === 'forwarded' ? { posthogForwardedAt: new Date() } : {}) };
  await db.update(analyticsEvents).set(set).where(inArray(analyticsEvents.insertId, insertIds));
}

/** Events received before `before` that the vendor has still not accepted (for the nightly re-forward). */
export async function strandedEventIds(db: Db, vendor: AnalyticsVendor, before: Date, limit: number) {
  const rows = await db
    .select({ insertId: analyticsEvents.insertId })
    .from(analyticsEvents)
    .where(and(isNull(vendorColumns(vendor).forwarded), lt(analyticsEvents.receivedAt, before)))
    .limit(limit);
  return rows.map((row) => row.insertId);
}
