import type { Db } from '../db/client.ts';
import type { Settings } from '../env.ts';
import type { Logger } from '../lib/logger.ts';
import {
  type AnalyticsVendor,
  claimForForwarding,
  type StoredAnalyticsEvent,
  settleForwarding,
  unforwardedEvents,
} from '../modules/analytics/analytics.repository.ts';
import type { JobQueue } from './queue.ts';

export type { AnalyticsVendor } from '../modules/analytics/analytics.repository.ts';

/** Before issue 22 one queue carried both vendors' jobs; jobs still waiting there are moved to the vendor's own queue. */
export const FORWARD_ANALYTICS_JOB = 'forward-analytics';
export const ANALYTICS_RETENTION_JOB = 'analytics-retention';
/** A vendor outage is retried with backoff (capped at an hour) for about two days; the nightly job hands back what is still not accepted. */
export const FORWARD_RETRY = { retryLimit: 60, retryDelay: 5, retryBackoff: true, retryDelayMax: 3600 };

/** One queue per vendor: one vendor's outage (failing or hanging requests, retries) never delays the other's events. */
export const forwardQueue = (vendor: AnalyticsVendor) => `${FORWARD_ANALYTICS_JOB}-${vendor}`;
const VENDORS: AnalyticsVendor[] = ['amplitude', 'posthog'];

/**
 * What one request may carry. Amplitude HTTP API v2: at most 2,000 events and 1 MB a request (larger ones
 * are refused with 413). PostHog `/batch/`: the body limit is 20 MB; we stay far below it and send at most
 * 1,000 events, so one slow request never holds much.
 */
export const VENDOR_LIMITS: Record<AnalyticsVendor, { events: number; bytes: number }> = {
  amplitude: { events: 2_000, bytes: 1_000_000 },
  posthog: { events: 1_000, bytes: 5_000_000 },
};
/** How long a send may hold its events before another job may take them (well over the request timeout). */
const CLAIM_SECONDS = 120;
const REQUEST_TIMEOUT_MS = 15_000;

type ForwardJob = { insertIds: string[] };
type LegacyForwardJob = ForwardJob & { vendor: AnalyticsVendor };

/** The vendors events go to: none unless the operator set a key. */
export function forwardingVendors(settings: Settings): AnalyticsVendor[] {
  return VENDORS.filter((vendor) => settings.analytics[vendor]);
}

/** Queues forwarding of newly stored events, one job per configured vendor, each in that vendor's queue. */
export async function queueForwarding(queue: JobQueue, settings: Settings, insertIds: string[]) {
  if (!insertIds.length) return;
  for (const vendor of forwardingVendors(settings)) {
    await queue.send(forwardQueue(vendor), { insertIds } satisfies ForwardJob, FORWARD_RETRY);
  }
}

/**
 * Cuts items into consecutive groups within a request's limits: at most `limits.events` items, and a
 * body (the envelope plus each item's JSON and a comma) of at most `limits.bytes`. An item too large on
 * its own goes alone (the vendor refuses it; the intake's 512 KB batch limit keeps that from happening).
 */
export function cutToLimits<T>(items: T[], limits: { events: number; bytes: number }, envelopeBytes: number) {
  const groups: T[][] = [];
  let group: T[] = [];
  let bytes = envelopeBytes;
  for (const item of items) {
    const size = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (group.length && (group.length >= limits.events || bytes + size > limits.bytes)) {
      groups.push(group);
      group = [];
      bytes = envelopeBytes;
    }
    group.push(item);
    bytes += size;
  }
  if (group.length) groups.push(group);
  return groups;
}

/** Spec §6: the roles go to analytics as role, role_id and user_role, present on every signed-in event. */
function roleProperties(row: StoredAnalyticsEvent) {
  const props = row.userProperties;
  return { role: props.role ?? null, role_id: props.role_id ?? null, user_role: props.user_role ?? null };
}

/** Person properties go only with a known user: an anonymous event never sets them on a visitor's profile. */
function amplitudeEvent(row: StoredAnalyticsEvent) {
  return {
    insert_id: row.insertId,
    event_type: row.eventType,
    time: row.time.getTime(),
    session_id: row.sessionId,
    device_id: row.deviceId,
    app_version: row.version,
    event_properties: {
      ...row.eventProperties,
      version: row.version,
      ...(row.campaignId ? { campaign_id: row.campaignId } : {}),
    },
    ...(row.userId
      ? { user_id: row.userId, user_properties: { ...row.userProperties, ...roleProperties(row) } }
      : {}),
  };
}

function posthogEvent(row: StoredAnalyticsEvent) {
  return {
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
      ...(row.userId
        ? { $set: { ...row.userProperties, ...roleProperties(row) } }
        : { $process_person_profile: false }),
    },
  };
}

type VendorRequest = {
  url: string;
  toEvent: (row: StoredAnalyticsEvent) => unknown;
  body: (events: unknown[]) => unknown;
};

function vendorRequest(settings: Settings, vendor: AnalyticsVendor): VendorRequest | undefined {
  const { amplitude, posthog } = settings.analytics;
  if (vendor === 'amplitude' && amplitude) {
    return {
      url: amplitude.url,
      toEvent: amplitudeEvent,
      body: (events: unknown[]) => ({ api_key: amplitude.apiKey, events }),
    };
  }
  if (vendor === 'posthog' && posthog) {
    return {
      url: `${posthog.host}/batch/`,
      toEvent: posthogEvent,
      body: (batch: unknown[]) => ({ api_key: posthog.apiKey, batch }),
    };
  }
  return undefined; // the key was removed since: nothing leaves the portal
}

/**
 * Sends these stored events to one vendor, each at most once: the events not yet accepted are cut to the
 * vendor's limits, and each request's events are claimed first (so a retry and the nightly re-forward
 * never send one twice), then marked forwarded when the vendor accepts them. A failure releases the claim
 * and throws, so pg-boss retries the job with backoff; what was accepted before it stays accepted.
 */
export async function forwardEvents(
  options: { db: Db; logger: Logger; settings: Settings },
  vendor: AnalyticsVendor,
  insertIds: string[],
) {
  const { db, logger } = options;
  const request = vendorRequest(options.settings, vendor);
  if (!request) return;
  const pending = await unforwardedEvents(db, vendor, [...new Set(insertIds)]);
  const envelope = Buffer.byteLength(JSON.stringify(request.body([])));
  const groups = cutToLimits(pending.map(request.toEvent), VENDOR_LIMITS[vendor], envelope);
  let index = 0;
  for (const group of groups) {
    const ids = pending.slice(index, index + group.length).map((row) => row.insertId);
    index += group.length;
    const claimed = new Set(
      (await claimForForwarding(db, vendor, ids, CLAIM_SECONDS)).map((row) => row.insertId),
    );
    if (!claimed.size) continue; // another job is sending them, or has
    const events = group.filter((_, at) => claimed.has(ids[at] ?? ''));
    const response = await post(request.url, request.body(events)).catch((error: unknown) => error as Error);
    if (response instanceof Error || !response.ok) {
      await settleForwarding(db, vendor, [...claimed], 'released');
      const status = response instanceof Error ? response.message : response.status;
      logger.warn({ vendor, status, events: events.length }, 'analytics forwarding failed; retrying');
      throw new Error(`${vendor} answered ${status}`);
    }
    await settleForwarding(db, vendor, [...claimed], 'forwarded');
  }
}

function post(url: string, body: unknown) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

/** One worker per vendor queue; many small jobs (one per visitor batch) are taken together and cut to the vendor's limits. */
export async function workAnalyticsForwarding(
  queue: JobQueue,
  options: { db: Db; logger: Logger; settings: Settings },
) {
  const work = { batchSize: 50, pollingIntervalSeconds: 1 };
  for (const vendor of VENDORS) {
    await queue.createQueue(forwardQueue(vendor));
    await queue.work<ForwardJob>(forwardQueue(vendor), work, async (jobs) => {
      await forwardEvents(
        options,
        vendor,
        jobs.flatMap((job) => job.data.insertIds),
      );
    });
  }
  await queue.createQueue(FORWARD_ANALYTICS_JOB);
  await queue.work<LegacyForwardJob>(FORWARD_ANALYTICS_JOB, work, async (jobs) => {
    for (const job of jobs) {
      await queue.send(forwardQueue(job.data.vendor), { insertIds: job.data.insertIds }, FORWARD_RETRY);
    }
  });
}
