import {
  ANALYTICS,
  type AnalyticsEvent,
  type AnalyticsEventType,
  type AnalyticsRemoteConfig,
  type AnalyticsUser,
  analyticsEventSchema,
  CAMPAIGN_EVENTS,
  DEFAULT_ANALYTICS_CONFIG,
} from '@offplan/shared';
import { createCampaignStore, readLandingParams } from './campaign.ts';
import { createEventQueue } from './event-queue.ts';
import { randomUuid } from './ids.ts';
import { createSessionStore } from './session.ts';
import {
  ANALYTICS_STORAGE_KEYS,
  browserStore,
  type KeyValueStore,
  readJson,
  removeKey,
  writeJson,
} from './storage.ts';
import {
  ANALYTICS_BATCH_ENDPOINT,
  createFetchSender,
  createTransport,
  type SendBeacon,
} from './transport.ts';

/** A property value as the event schema allows it. */
export type AnalyticsPropertyValue = string | number | boolean | null | Array<string | number | boolean>;
export type AnalyticsProperties = Record<string, AnalyticsPropertyValue | undefined>;

/** Schema limits (packages/shared analytics.ts): longer keys and values would fail the whole batch. */
const LIMITS = { keys: 100, keyLength: 128, stringLength: 1024, arrayLength: 1000 } as const;

/** Properties cut to what the event schema accepts: long strings capped, odd values dropped. */
export function sanitizeProperties(
  properties: AnalyticsProperties | undefined,
): Record<string, Exclude<AnalyticsPropertyValue, undefined>> {
  const clean: Record<string, Exclude<AnalyticsPropertyValue, undefined>> = {};
  let count = 0;
  for (const [key, value] of Object.entries(properties ?? {})) {
    if (count >= LIMITS.keys) break;
    if (key.length > LIMITS.keyLength || value === undefined) continue;
    const item = sanitizeValue(value);
    if (item === undefined) continue;
    clean[key] = item;
    count += 1;
  }
  return clean;
}

function sanitizeScalar(value: unknown): string | number | boolean | null | undefined {
  if (typeof value === 'string') return value.slice(0, LIMITS.stringLength);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean' || value === null) return value;
  return undefined;
}

function sanitizeValue(value: unknown): AnalyticsPropertyValue | undefined {
  if (!Array.isArray(value)) return sanitizeScalar(value);
  return value
    .slice(0, LIMITS.arrayLength)
    .map(sanitizeScalar)
    .filter((item): item is string | number | boolean => item !== undefined && item !== null);
}

/** Events after which the signed-in user is a new one, not yet identified. */
const NEW_IDENTITY_EVENTS: ReadonlySet<AnalyticsEventType> = new Set([
  'portal_user_login',
  'portal_user_signup',
]);

type StoredUser = { userId: string; properties: Record<string, AnalyticsPropertyValue> };

function readUser(store: KeyValueStore): StoredUser | null {
  const value = readJson(store, ANALYTICS_STORAGE_KEYS.user);
  if (!value || typeof value !== 'object') return null;
  const { userId, properties } = value as Record<string, unknown>;
  if (typeof userId !== 'string' || !userId || userId.length > 128) return null;
  return { userId, properties: sanitizeProperties((properties ?? {}) as AnalyticsProperties) };
}

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
  const sessions = createSessionStore(store);
  const campaigns = createCampaignStore(store);
  let config: AnalyticsRemoteConfig = { ...DEFAULT_ANALYTICS_CONFIG };
  let started = false;
  let stopListening: (() => void) | null = null;

  const transport = createTransport({
    queue,
    endpoint,
    send: createFetchSender({ endpoint, now, ...(options.fetch ? { fetch: options.fetch } : {}) }),
    sendBeacon: options.sendBeacon === undefined ? defaultBeacon() : options.sendBeacon,
    config: () => config,
    now,
    logger,
  });

  /** The anonymous visitor: kept across visits; created on first use. */
  function deviceId(): string {
    try {
      const stored = store.getItem(ANALYTICS_STORAGE_KEYS.deviceId);
      if (stored && stored.length <= 128) return stored;
    } catch {
      // Unreadable: a new id below.
    }
    const id = newId();
    setDeviceId(id);
    return id;
  }

  function setDeviceId(id: string) {
    try {
      store.setItem(ANALYTICS_STORAGE_KEYS.deviceId, id);
    } catch {
      // Kept for this event only; the next one makes another.
    }
  }

  /** Analytics never breaks the feature calling it: any failure costs the event, nothing more. */
  function track(
    eventType: AnalyticsEventType,
    eventProperties?: AnalyticsProperties,
  ): AnalyticsEvent | null {
    try {
      return record(eventType, eventProperties);
    } catch (error) {
      logger.warn(`[analytics] ${eventType} not tracked:`, error);
      return null;
    }
  }

  function record(
    eventType: AnalyticsEventType,
    eventProperties?: AnalyticsProperties,
  ): AnalyticsEvent | null {
    const time = now();
    // Whoever was identified before a sign-in may not be who signed in (a session that expired without a
    // logout): their properties go until identify() names the new user. The device id stays, joining them.
    if (NEW_IDENTITY_EVENTS.has(eventType)) removeKey(store, ANALYTICS_STORAGE_KEYS.user);
    const user = readUser(store);
    const event: AnalyticsEvent = {
      insert_id: newId(),
      event_type: eventType,
      time,
      version: ANALYTICS.version,
      session_id: sessions.touch(time, config.sessionTimeoutMs),
      device_id: deviceId(),
      user_id: user?.userId ?? null,
      ...(CAMPAIGN_EVENTS.includes(eventType) ? { campaign_id: campaigns.get() } : {}),
      event_properties: sanitizeProperties(eventProperties),
      user_properties: user?.properties ?? {},
    };
    const checked = analyticsEventSchema.safeParse(event);
    if (!checked.success) {
      // The server refuses a batch with one bad event whole; better to lose this one here.
      logger.warn(`[analytics] ${eventType} not tracked: ${checked.error.issues[0]?.message ?? 'invalid'}`);
      return null;
    }
    queue.add(event);
    transport.schedule();
    return event;
  }

  /** Spec §3 user properties (and any `extra`) for every later event; the server joins the user by session. */
  function identify(user: AnalyticsUser, extra: AnalyticsProperties = {}): void {
    const next: StoredUser = { userId: user.user_id, properties: sanitizeProperties({ ...user, ...extra }) };
    const current = readUser(store);
    if (current && JSON.stringify(current) === JSON.stringify(next)) return;
    writeJson(store, ANALYTICS_STORAGE_KEYS.user, next);
  }

  /** Logout: the next visitor on this browser starts as a stranger (new device id, no campaign, new session). */
  function reset(): void {
    removeKey(store, ANALYTICS_STORAGE_KEYS.user);
    campaigns.clear();
    sessions.clear();
    setDeviceId(newId());
  }

  /**
   * Reads the spec §2 landing parameters of `url`: a campaign id is kept (a new one starts a new session,
   * spec §4), and `csl` becomes the visitor id while nobody is signed in; a later sign-in joins the user
   * to that same device id.
   */
  function applyLandingParams(url: string): void {
    let search = '';
    try {
      search = new URL(url, 'http://localhost').search;
    } catch {
      return;
    }
    const { campaignId, anonymousId } = readLandingParams(search);
    if (campaignId && campaigns.set(campaignId)) sessions.startNew(now());
    if (anonymousId && !readUser(store)) setDeviceId(anonymousId);
  }

  /**
   * Leaving: a hidden tab may be closed without another chance, so its events go at once with
   * keepalive; on page-hide (closing, navigating away) the rest goes by beacon. Browsers fire the two in
   * either order: after page-hide the visibility change sends nothing more.
   */
  function listen(target: Window): () => void {
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

  return {
    track,
    identify,
    reset,
    /** Once per page load: reads the landing parameters of `url` and starts sending (stored events too). */
    start(startOptions: { url?: string } = {}): void {
      if (started) return;
      started = true;
      const target = options.window === undefined ? globalThis.window : options.window;
      const url = startOptions.url ?? target?.location.href;
      if (url) applyLandingParams(url);
      if (target) stopListening = listen(target);
      transport.start();
    },
    /** Stops sending and listening (tests; the page never needs it). Queued events stay stored. */
    stop(): void {
      started = false;
      stopListening?.();
      stopListening = null;
      transport.stop();
    },
    /**
     * Sends what is waiting now, waiting at most `maxWaitMs` (logout uses it before signing out, so the
     * events still reach the server with the user's session). Never rejects.
     */
    async flush(flushOptions: { maxWaitMs?: number } = {}): Promise<void> {
      const flushing = transport.flush({ keepalive: true });
      if (flushOptions.maxWaitMs === undefined) return flushing;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, flushOptions.maxWaitMs);
      });
      await Promise.race([flushing, timeout]);
      clearTimeout(timer);
    },
    /** Remote config (spec §7): batch size, flush interval and session timeout apply from now on. */
    setConfig(next: Partial<AnalyticsRemoteConfig>): void {
      config = { ...config, ...next };
      transport.configChanged();
    },
    state(): TrackerState {
      const user = readUser(store);
      return {
        deviceId: deviceId(),
        userId: user?.userId ?? null,
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
