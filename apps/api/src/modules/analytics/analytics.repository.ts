import type { AnalyticsEvent } from '@offplan/shared';
import { and, desc, eq, lt } from 'drizzle-orm';
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
