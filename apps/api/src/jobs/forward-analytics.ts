import { and, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { analyticsEvents } from '../db/schema/index.ts';
import type { Settings } from '../env.ts';
import type { Logger } from '../lib/logger.ts';
import type { JobQueue } from './queue.ts';

export const FORWARD_ANALYTICS_JOB = 'forward-analytics';
export const ANALYTICS_RETENTION_JOB = 'analytics-retention';
/** A vendor outage is retried with backoff (capped at an hour) for about two days; the nightly job hands back what is still not accepted. */
export const FORWARD_RETRY = { retryLimit: 60, retryDelay: 5, retryBackoff: true, retryDelayMax: 3600 };

export type AnalyticsVendor = 'amplitude' | 'posthog';
type EventRow = typeof analyticsEvents.$inferSelect;
type ForwardJob = { vendor: AnalyticsVendor; insertIds: string[] };

/** The vendors events go to: none unless the operator set a key. */
export function forwardingVendors(settings: Settings): AnalyticsVendor[] {
  return [
    ...(settings.analytics.amplitude ? (['amplitude'] as const) : []),
    ...(settings.analytics.posthog ? (['posthog'] as const) : []),
  ];
}

/** Spec §6: the roles go to analytics as role, role_id and user_role, present on every event. */
function roleProperties(row: EventRow) {
  const props = row.userProperties;
  return { role: props.role ?? null, role_id: props.role_id ?? null, user_role: props.user_role ?? null };
}

function amplitudeRequest(apiKey: string, rows: EventRow[]) {
  return {
    api_key: apiKey,
    events: rows.map((row) => ({
      insert_id: row.insertId,
      event_type: row.eventType,
      time: row.time.getTime(),
      session_id: row.sessionId,
      device_id: row.deviceId,
      ...(row.userId ? { user_id: row.userId } : {}),
      app_version: row.version,
      event_properties: {
        ...row.eventProperties,
        version: row.version,
        ...(row.campaignId ? { campaign_id: row.campaignId } : {}),
      },
      user_properties: { ...row.userProperties, ...roleProperties(row) },
    })),
  };
}

function posthogRequest(apiKey: string, rows: EventRow[]) {
  return {
    api_key: apiKey,
    batch: rows.map((row) => ({
      uuid: row.insertId,
      event: row.eventType,
      distinct_id: row.userId ?? row.deviceId,
      timestamp: row.time.toISOString(),
      properties: {
        ...row.eventProperties,
        version: row.version,
        $session_id: String(row.sessionId),
        $device_id: row.deviceId,
        ...(row.campaignId ? { campaign_id: row.campaignId } : {}),
        $set: { ...row.userProperties, ...roleProperties(row) },
      },
    })),
  };
}

/**
 * Sends stored events to a vendor and marks them forwarded; a failure throws, so pg-boss retries the
 * job with backoff. Events already marked are skipped, so a retry after a partial success sends none twice.
 */
export async function workAnalyticsForwarding(
  queue: JobQueue,
  options: { db: Db; logger: Logger; settings: Settings },
) {
  const { db, settings } = options;
  await queue.createQueue(FORWARD_ANALYTICS_JOB);
  // Many small jobs (one per visitor batch) are taken together and sent as one request per vendor.
  const work = { batchSize: 50, pollingIntervalSeconds: 1 };
  await queue.work<ForwardJob>(FORWARD_ANALYTICS_JOB, work, async (jobs) => {
    for (const vendor of new Set(jobs.map((job) => job.data.vendor))) {
      const insertIds = jobs.filter((job) => job.data.vendor === vendor).flatMap((job) => job.data.insertIds);
      await forward(vendor, insertIds);
    }
  });

  async function forward(vendor: AnalyticsVendor, insertIds: string[]) {
    const column =
      vendor === 'amplitude' ? analyticsEvents.amplitudeForwardedAt : analyticsEvents.posthogForwardedAt;
    const rows = await db
      .select()
      .from(analyticsEvents)
      .where(and(inArray(analyticsEvents.insertId, insertIds), isNull(column)));
    if (!rows.length) return;
    const { amplitude, posthog } = settings.analytics;
    const request =
      vendor === 'amplitude' && amplitude
        ? { url: amplitude.url, body: amplitudeRequest(amplitude.apiKey, rows) }
        : vendor === 'posthog' && posthog
          ? { url: `${posthog.host}/batch/`, body: posthogRequest(posthog.apiKey, rows) }
          : undefined;
    if (!request) return; // the key was removed since: nothing leaves the portal
    const response = await fetch(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request.body),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) {
      options.logger.warn(
        { vendor, status: response.status, events: rows.length },
        'analytics forwarding failed; retrying',
      );
      throw new Error(`${vendor} answered ${response.status}`);
    }
    await db
      .update(analyticsEvents)
      .set(vendor === 'amplitude' ? { amplitudeForwardedAt: new Date() } : { posthogForwardedAt: new Date() })
      .where(
        inArray(
          analyticsEvents.insertId,
          rows.map((row) => row.insertId),
        ),
      );
  }
}
