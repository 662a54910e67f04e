import {
  ANALYTICS,
  type AnalyticsEvent,
  type AnalyticsEventType,
  type AnalyticsRemoteConfig,
  type AnalyticsUser,
  analyticsEventCheck,
  CAMPAIGN_EVENTS,
  DEFAULT_ANALYTICS_CONFIG,
} from '@offplan/shared';
import { type CampaignStore, createCampaignStore, readLandingParams } from './campaign.ts';
import { createEventQueue, type EventQueue } from './event-queue.ts';
import { createIdentity, type Identity } from './identity.ts';
import { randomUuid } from './ids.ts';
import { followPageLifecycle } from './page-lifecycle.ts';
import { type AnalyticsProperties, sanitizeProperties } from './properties.ts';
import { createSessionStore, type SessionStore } from './session.ts';
import { browserStore, type KeyValueStore } from './storage.ts';
import {
  ANALYTICS_BATCH_ENDPOINT,
  createFetchSender,
  createTransport,
  type SendBeacon,
  type Transport,
} from './transport.ts';

// Property types and sanitizing live in properties.ts; still importable from here, where callers look.
export { type AnalyticsProperties, type AnalyticsPropertyValue, sanitizeProperties } from './properties.ts';

/** Events after which the signed-in user is a new one, not yet identified. */
const NEW_IDENTITY_EVENTS: ReadonlySet<AnalyticsEventType> = new Set([
  'portal_user_login',
  'portal_user_signup',
]);

export type TrackerOptions = {
  store?: KeyValueStore;
  fetch?: typeof fetch;
  sendBeacon?: SendBeacon | null;
  endpoint?: string;
  now?: () => number;
  newId?: () => string;
  logger?: Pick<Console, 'warn'>;
  /** The window whose page-hide, visibility, online and storage events the tracker follows. */
  window?: Window | null;
};

export type TrackerState = {
  deviceId: string;
  userId: string | null;
  sessionId: number | null;
  campaignId: string | null;
  pending: number;
  config: AnalyticsRemoteConfig;
};

/** What an event is built from: who, which session and campaign, and the clock. */
type EventSources = {
  identity: Identity;
  sessions: SessionStore;
  campaigns: CampaignStore;
  config: () => AnalyticsRemoteConfig;
  now: () => number;
  newId: () => string;
};

/** The event as queued (version 'next'), or null with a warning when the schema would refuse it. */
function buildEvent(
  sources: EventSources,
  eventType: AnalyticsEventType,
  eventProperties: AnalyticsProperties | undefined,
  logger: Pick<Console, 'warn'>,
): AnalyticsEvent | null {
  const { identity, sessions, campaigns } = sources;
  const time = sources.now();
  // Whoever was identified before a sign-in may not be who signed in (a session that expired without a
  // logout): their properties go until identify() names the new user. The device id stays, joining them.
  if (NEW_IDENTITY_EVENTS.has(eventType)) identity.forgetUser();
  const user = identity.user();
  const event: AnalyticsEvent = {
    insert_id: sources.newId(),
    event_type: eventType,
    time,
    version: ANALYTICS.version,
    session_id: sessions.touch(time, sources.config().sessionTimeoutMs),
    device_id: identity.deviceId(),
    user_id: user?.userId ?? null,
    ...(CAMPAIGN_EVENTS.includes(eventType) ? { campaign_id: campaigns.get() } : {}),
    event_properties: sanitizeProperties(eventProperties),
    user_properties: user?.properties ?? {},
  };
  const checked = analyticsEventCheck.safeParse(event);
  if (!checked.success) {
    // The server refuses a batch with one bad event whole; better to lose this one here.
    logger.warn(`[analytics] ${eventType} not tracked: ${checked.error.message}`);
    return null;
  }
  return event;
}

/**
 * Reads the spec §2 landing parameters of `url`: a campaign id is kept (a new one starts a new session,
 * spec §4), and `csl` becomes the visitor id while nobody is signed in; a later sign-in joins the user
 * to that same device id.
 */
function applyLandingParams(sources: EventSources, url: string): void {
  let search = '';
  try {
    search = new URL(url, 'http://localhost').search;
  } catch {
    return;
  }
  const { campaignId, anonymousId } = readLandingParams(search);
  if (campaignId && sources.campaigns.set(campaignId)) sources.sessions.startNew(sources.now());
  if (anonymousId && !sources.identity.user()) sources.identity.setDeviceId(anonymousId);
}

/**
 * Starting and stopping the tracker on a page: once per page load the landing parameters are read, the
 * page's events followed (when there is a window) and sending begins.
 */
function createPageLoad(
  pageWindow: Window | null | undefined,
  sources: EventSources,
  transport: Transport,
  queue: EventQueue,
) {
  let started = false;
  let stopListening: (() => void) | null = null;
  return {
    start(startOptions: { url?: string } = {}): void {
      if (started) return;
      started = true;
      const target = pageWindow === undefined ? globalThis.window : pageWindow;
      const url = startOptions.url ?? target?.location.href;
      if (url) applyLandingParams(sources, url);
      if (target) stopListening = followPageLifecycle(target, transport, queue);
      transport.start();
    },
    stop(): void {
      started = false;
      stopListening?.();
      stopListening = null;
      transport.stop();
    },
  };
}

/** Waits for `work`, but at most `maxWaitMs` when given. */
async function waitAtMost(work: Promise<void>, maxWaitMs: number | undefined): Promise<void> {
  if (maxWaitMs === undefined) return work;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, maxWaitMs);
  });
  await Promise.race([work, timeout]);
  clearTimeout(timer);
}

/**
 * The one analytics module every feature calls (spec §1, §2, §3, §4, §7):
 *
 * - `track(type, properties)` queues an event tagged version 'next', with the session, the visitor
 *   (device_id), the signed-in user, the user properties, and on the four campaign events the campaign id.
 * - `identify(user, extra)` sets the spec §3 user properties for later events; `reset()` (logout) forgets
 *   the user and gives the next visitor a new device id, campaign and session.
 * - `start()` (once, on page load) reads `iterableEmailCampaignId` and `csl`, and starts sending.
 *
 * Events are queued before `start()` too (tests and early code never hit the network); they go out once
 * the app has started the tracker.
 */
export function createTracker(options: TrackerOptions = {}) {
  const store = options.store ?? browserStore();
  const now = options.now ?? Date.now;
  const newId = options.newId ?? randomUuid;
  const logger = options.logger ?? console;
  const endpoint = options.endpoint ?? ANALYTICS_BATCH_ENDPOINT;
  const queue = createEventQueue({ store });
  let config: AnalyticsRemoteConfig = { ...DEFAULT_ANALYTICS_CONFIG };
  const sources: EventSources = {
    identity: createIdentity(store, newId),
    sessions: createSessionStore(store),
    campaigns: createCampaignStore(store),
    config: () => config,
    now,
    newId,
  };
  const { identity, sessions, campaigns } = sources;
  const transport = createTransport({
    queue,
    endpoint,
    send: createFetchSender({ endpoint, now, ...(options.fetch ? { fetch: options.fetch } : {}) }),
    sendBeacon: options.sendBeacon === undefined ? defaultBeacon() : options.sendBeacon,
    config: () => config,
    now,
    logger,
  });
  const pageLoad = createPageLoad(options.window, sources, transport, queue);

  return {
    /** Analytics never breaks the feature calling it: any failure costs the event, nothing more. */
    track(eventType: AnalyticsEventType, eventProperties?: AnalyticsProperties): AnalyticsEvent | null {
      try {
        const event = buildEvent(sources, eventType, eventProperties, logger);
        if (!event) return null;
        queue.add(event);
        transport.schedule();
        return event;
      } catch (error) {
        logger.warn(`[analytics] ${eventType} not tracked:`, error);
        return null;
      }
    },
    /** Spec §3 user properties (and any `extra`) for every later event; the server joins the user by session. */
    identify(user: AnalyticsUser, extra: AnalyticsProperties = {}): void {
      identity.identify(user, extra);
    },
    /** Logout: the next visitor on this browser starts as a stranger (new device id, no campaign, new session). */
    reset(): void {
      identity.forgetUser();
      campaigns.clear();
      sessions.clear();
      identity.setDeviceId(newId());
    },
    /** Once per page load: reads the landing parameters of `url` and starts sending (stored events too). */
    start: pageLoad.start,
    /** Stops sending and listening (tests; the page never needs it). Queued events stay stored. */
    stop: pageLoad.stop,
    /**
     * Sends what is waiting now, waiting at most `maxWaitMs` (logout uses it before signing out, so the
     * events still reach the server with the user's session). Never rejects.
     */
    flush(flushOptions: { maxWaitMs?: number } = {}): Promise<void> {
      return waitAtMost(transport.flush({ keepalive: true }), flushOptions.maxWaitMs);
    },
    /** Remote config (spec §7): batch size, flush interval and session timeout apply from now on. */
    setConfig(next: Partial<AnalyticsRemoteConfig>): void {
      config = { ...config, ...next };
      transport.configChanged();
    },
    state(): TrackerState {
      return {
        deviceId: identity.deviceId(),
        userId: identity.user()?.userId ?? null,
        sessionId: sessions.current()?.id ?? null,
        campaignId: campaigns.get(),
        pending: queue.size(),
        config,
      };
    },
    pendingEvents(): readonly AnalyticsEvent[] {
      return queue.pending();
    },
    /** For tests and diagnostics: the transport's back-off state. */
    transportStatus: () => transport.status(),
  };
}

export type Tracker = ReturnType<typeof createTracker>;

function defaultBeacon(): SendBeacon | null {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return null;
  return (url, data) => navigator.sendBeacon(url, data);
}

/** The app's tracker. Import it as `analytics` and call `analytics.track(...)`. */
export const analytics: Tracker = createTracker();
