import type { AnalyticsEvent } from '@offplan/shared';
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { analyticsEvents } from '../../db/schema/index.ts';

/** Stores a batch; a retried copy of an event (same insert_id) is ignored. Answers the new ids. */
export async function storeEvents(
  db: Db,
  events: AnalyticsEvent[],
  userId: string | null,
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
        userId,
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
