import {
  ANALYTICS,
  type AnalyticsEvent,
  type AnalyticsEventType,
  type AnalyticsUser,
  analyticsBatchSchema,
  analyticsEventSchema,
  CAMPAIGN_EVENTS,
  PRODUCT_EVENTS,
} from '@offplan/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render.tsx';
import { memoryStore } from './storage.ts';
import { createTracker, sanitizeProperties, type TrackerOptions } from './tracker.ts';

const LANDING = 'https://portal.example/login?iterableEmailCampaignId=123&csl=abc';
const MINUTE = 60 * 1000;

const dana: AnalyticsUser = {
  user_id: 'u1',
  first_name: 'Dana',
  last_name: 'Developer',
  email: 'dana@harbourline.example',
  phone: null,
  job_title: 'Director',
  role_id: 1,
  user_role: 'Developer',
  role: 'user',
  company: 'Harbourline',
  org_id: 'org-1',
  role_updated: true,
  terms_accepted: true,
  organisation_visibility: null,
};

type FetchStub = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

let clock = 0;
let fetchStub = vi.fn<FetchStub>();
let warn = vi.fn();

function tracker(options: TrackerOptions = {}) {
  return createTracker({
    store: memoryStore(),
    now: () => clock,
    fetch: fetchStub,
    sendBeacon: null,
    window: null,
    logger: { warn },
    ...options,
  });
}

/** Every event the tracker makes is valid for the server and tagged version 'next' (spec §1). */
function expectValid(events: readonly AnalyticsEvent[]) {
  for (const event of events) {
    expect(analyticsEventSchema.safeParse(event).success).toBe(true);
    expect(event.version).toBe('next');
  }
}

function sentEvents(): AnalyticsEvent[] {
  return fetchStub.mock.calls.flatMap(
    ([, init]) => analyticsBatchSchema.parse(JSON.parse(String(init?.body))).events,
  );
}

beforeEach(() => {
  clock = Date.UTC(2026, 0, 1, 9);
  fetchStub = vi.fn<FetchStub>(async () => jsonResponse(202, { accepted: 1 }));
  warn = vi.fn();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('events', () => {
  it('tags every event with version next and keeps it valid for the server', () => {
    const analytics = tracker();
    const types: AnalyticsEventType[] = [...PRODUCT_EVENTS, 'element_clicked', 'page_viewed'];
    for (const type of types) analytics.track(type, { label: 'x' });
    expect(analytics.pendingEvents()).toHaveLength(types.length);
    expectValid(analytics.pendingEvents());
  });

  it('cuts properties to what the schema allows', () => {
    const clean = sanitizeProperties({
      long: 'x'.repeat(5000),
      [`k${'e'.repeat(200)}`]: 'dropped',
      nan: Number.NaN,
      list: ['a', 1, true, null as unknown as string],
      nothing: undefined,
      ...Object.fromEntries(Array.from({ length: 150 }, (_, index) => [`p${index}`, index])),
    });
    expect(clean.long).toHaveLength(1024);
    expect(clean.nan).toBeNull();
    expect(clean.list).toEqual(['a', 1, true]);
    expect(Object.keys(clean)).toHaveLength(100);
    expect(Object.keys(clean).some((key) => key.length > 128)).toBe(false);
  });

  it('sends nothing before start, and sends what waited once started', async () => {
    vi.useFakeTimers({ now: clock });
    const analytics = tracker({ now: Date.now });
    analytics.track('contact_selected');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchStub).not.toHaveBeenCalled();
    analytics.start({ url: 'https://portal.example/' });
    await vi.advanceTimersByTimeAsync(ANALYTICS.flushIntervalMs);
    expect(sentEvents().map((event) => event.event_type)).toEqual(['contact_selected']);
  });
});

describe('sending', () => {
  it('posts batches of 10 at once with the session cookie, and the rest after 5000 ms', async () => {
    vi.useFakeTimers({ now: clock });
    const analytics = tracker({ now: Date.now });
    analytics.start({ url: 'https://portal.example/' });
    for (let index = 0; index < 13; index += 1) analytics.track('element_clicked', { index });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    const [url, init] = fetchStub.mock.calls[0]!;
    expect(url).toBe('/api/analytics/batch');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(sentEvents()).toHaveLength(10);
    await vi.advanceTimersByTimeAsync(ANALYTICS.flushIntervalMs - 1);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sentEvents().map((event) => event.event_properties.index)).toEqual([...Array(13).keys()]);
    expectValid(sentEvents());
    expect(analytics.state().pending).toBe(0);
  });

  it('flushes on demand, waiting at most maxWaitMs', async () => {
    vi.useFakeTimers({ now: clock });
    fetchStub.mockImplementation(() => new Promise(() => {}));
    const analytics = tracker({ now: Date.now });
    analytics.start({ url: 'https://portal.example/' });
    analytics.track('contact_selected');
    const flushed = vi.fn();
    void analytics.flush({ maxWaitMs: 2000 }).then(flushed);
    await vi.advanceTimersByTimeAsync(1999);
    expect(flushed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(flushed).toHaveBeenCalled();
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('hands waiting events to sendBeacon when the page is hidden away', () => {
    const beacon = vi.fn((_url: string, _data: Blob) => true);
    const analytics = tracker({ window, sendBeacon: beacon });
    analytics.start({ url: 'https://portal.example/' });
    analytics.track('contact_selected');
    window.dispatchEvent(new Event('pagehide'));
    analytics.stop();
    expect(beacon).toHaveBeenCalledWith('/api/analytics/batch', expect.any(Blob));
  });

  it('keeps at most 1000 events across a reload while the server is away', () => {
    const store = memoryStore();
    const before = tracker({ store });
    for (let index = 0; index < 1100; index += 1) before.track('element_clicked', { index });
    const after = tracker({ store });
    expect(after.state().pending).toBe(ANALYTICS.maxStoredEvents);
    expect(after.pendingEvents()[0]?.event_properties.index).toBe(100);
    expectValid(after.pendingEvents().slice(0, 5));
  });

  it('drops an event the server would refuse, with a warning', () => {
    const analytics = tracker({ newId: () => 'not-a-uuid' });
    expect(analytics.track('contact_selected')).toBeNull();
    expect(analytics.state().pending).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('contact_selected not tracked'));
  });
});

describe('sessions (spec §4)', () => {
  it('continues within 30 minutes and starts anew after 30 minutes idle', () => {
    const analytics = tracker();
    const first = analytics.track('element_clicked');
    clock += 29 * MINUTE;
    const second = analytics.track('element_clicked');
    clock += 30 * MINUTE;
    const third = analytics.track('element_clicked');
    expect(first?.session_id).toBe(Date.UTC(2026, 0, 1, 9));
    expect(second?.session_id).toBe(first?.session_id);
    expect(third?.session_id).toBe(clock);
  });

  it('starts a new session for a new campaign, not for the same campaign on a reload', () => {
    const store = memoryStore();
    const first = tracker({ store });
    first.start({ url: 'https://portal.example/' });
    const before = first.track('element_clicked');
    first.stop();

    clock += MINUTE;
    const landing = tracker({ store });
    landing.start({ url: LANDING });
    const withCampaign = landing.track('element_clicked');
    landing.stop();
    expect(withCampaign?.session_id).toBe(clock);
    expect(withCampaign?.session_id).not.toBe(before?.session_id);

    clock += MINUTE;
    const reload = tracker({ store });
    reload.start({ url: LANDING });
    expect(reload.track('element_clicked')?.session_id).toBe(withCampaign?.session_id);
    reload.stop();

    clock += MINUTE;
    const nextCampaign = tracker({ store });
    nextCampaign.start({ url: 'https://portal.example/?iterableEmailCampaignId=456' });
    expect(nextCampaign.track('element_clicked')?.session_id).toBe(clock);
    nextCampaign.stop();
  });

  it('follows a session timeout from the remote config', () => {
    const analytics = tracker();
    analytics.setConfig({ sessionTimeoutMs: 5 * MINUTE });
    const first = analytics.track('element_clicked');
    clock += 5 * MINUTE;
    expect(analytics.track('element_clicked')?.session_id).not.toBe(first?.session_id);
  });
});

describe('campaign and visitor (spec §2)', () => {
  it('attaches the campaign id to the four campaign events only', () => {
    const analytics = tracker();
    analytics.start({ url: LANDING });
    for (const type of PRODUCT_EVENTS) analytics.track(type);
    analytics.stop();
    const events = analytics.pendingEvents();
    for (const event of events) {
      expect(event.campaign_id ?? null).toBe(CAMPAIGN_EVENTS.includes(event.event_type) ? '123' : null);
    }
    expect(CAMPAIGN_EVENTS).toEqual([
      'notification_appear',
      'notification_clicked',
      'portal_user_signup',
      'portal_user_login',
    ]);
    expectValid(events);
  });

  it('keeps the campaign id through sign-in and later page loads', () => {
    const store = memoryStore();
    const landing = tracker({ store });
    landing.start({ url: LANDING });
    landing.stop();
    const later = tracker({ store });
    later.start({ url: 'https://portal.example/dashboard' });
    expect(later.track('portal_user_login')?.campaign_id).toBe('123');
    later.stop();
  });

  it('uses csl as the device id while signed out, and joins the user to it on sign-in', () => {
    const analytics = tracker();
    analytics.start({ url: LANDING });
    const anonymous = analytics.track('page_viewed', { page_path: '/login' });
    expect(anonymous).toMatchObject({ device_id: 'abc', user_id: null });
    analytics.track('portal_user_login');
    analytics.identify(dana);
    const signedIn = analytics.track('page_viewed', { page_path: '/dashboard' });
    analytics.stop();
    expect(signedIn).toMatchObject({ device_id: 'abc', user_id: 'u1' });
  });

  it('does not take csl as the visitor when a user is signed in', () => {
    const store = memoryStore();
    const analytics = tracker({ store });
    analytics.identify(dana);
    const deviceId = analytics.state().deviceId;
    const reload = tracker({ store });
    reload.start({ url: LANDING });
    reload.stop();
    expect(reload.state().deviceId).toBe(deviceId);
  });
});

describe('identify and reset (spec §3)', () => {
  it('puts the user properties on later events, with extras', () => {
    const analytics = tracker();
    analytics.identify(dana, { impersonated: false });
    const event = analytics.track('contact_selected');
    expect(event?.user_id).toBe('u1');
    expect(event?.user_properties).toEqual({ ...dana, impersonated: false });
    expectValid([event!]);
  });

  it('forgets a stale user when someone signs in', () => {
    const analytics = tracker();
    analytics.identify(dana);
    const login = analytics.track('portal_user_login');
    expect(login).toMatchObject({ user_id: null, user_properties: {} });
  });

  it('gives the next visitor a fresh device id, session and no campaign after logout', () => {
    const analytics = tracker();
    analytics.start({ url: LANDING });
    analytics.identify(dana);
    const before = analytics.track('contact_selected');
    clock += 1000;
    analytics.reset();
    const after = analytics.track('portal_user_login');
    analytics.stop();
    expect(after?.device_id).not.toBe(before?.device_id);
    expect(after?.device_id).not.toBe('abc');
    expect(after?.session_id).toBe(clock);
    expect(after).toMatchObject({ user_id: null, campaign_id: null, user_properties: {} });
  });
});

describe('leaving the page', () => {
  it('sends once when the tab is hidden and then closed', async () => {
    const beacon = vi.fn((_url: string, _data: Blob) => true);
    fetchStub.mockImplementation(() => new Promise(() => {}));
    const analytics = tracker({ window, sendBeacon: beacon });
    analytics.start({ url: 'https://portal.example/' });
    analytics.track('contact_selected');
    window.dispatchEvent(new Event('pagehide'));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    analytics.stop();
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(fetchStub).not.toHaveBeenCalled();
  });
});

describe('robustness', () => {
  it('never throws into the feature that tracks', () => {
    const broken = {
      getItem: () => {
        throw new Error('storage gone');
      },
      setItem: () => {
        throw new Error('storage gone');
      },
      removeItem: () => {
        throw new Error('storage gone');
      },
    };
    const analytics = tracker({ store: broken });
    expect(() => analytics.track('portal_user_login')).not.toThrow();
    expect(() => analytics.identify(dana)).not.toThrow();
    expect(() => analytics.reset()).not.toThrow();
    const throwingId = tracker({
      newId: () => {
        throw new Error('no crypto');
      },
    });
    expect(throwingId.track('contact_selected')).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});
