import { type AnalyticsEvent, analyticsEventSchema, DEFAULT_ANALYTICS_CONFIG } from '@offplan/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSignIn } from '../../features/auth/api/sign-in.ts';
import { useSignUp } from '../../features/auth/api/sign-up.ts';
import { useVerifySignInCode } from '../../features/auth/api/two-factor.ts';
import { callsTo, renderAppAt, stubApi, testSession } from '../../features/auth/test-utils.tsx';
import { createQueryClient } from '../query-client.ts';
import { startAnalytics } from './start.ts';
import { memoryStore } from './storage.ts';
import { analytics, createTracker } from './tracker.ts';

/** The tracker as the app calls it: sign-in, sign-up, the main layout, logout and page-load wiring. */

let mark = 0;
/** Events the app's tracker queued since the test began. */
const newEvents = (): readonly AnalyticsEvent[] => analytics.pendingEvents().slice(mark);
const typesOf = (events: readonly AnalyticsEvent[]) => events.map((event) => event.event_type);

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

const account = {
  projectIds: [],
  recommendedProjectIds: [],
  projectRequestsIds: [],
  projects: [],
  recommendedProjects: [],
  projectRequests: [],
  organisation: { id: 'org-1', name: 'Harbourline Developments', role: 'owner' },
  permissions: ['projects.edit', 'projects.claim', 'leads.view', 'reporting.view'],
};

beforeEach(() => {
  analytics.reset();
  mark = analytics.pendingEvents().length;
});

afterEach(() => {
  analytics.stop();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('accounts flows', () => {
  it('tracks portal_user_login after a password sign-in', async () => {
    stubApi({ 'POST /api/auth/sign-in/email': { status: 200, body: { token: 't', user: { id: 'u1' } } } });
    const { result } = renderHook(() => useSignIn(), { wrapper });
    await result.current.mutateAsync({ email: 'dana@harbourline.example', password: 'correct-horse' });
    expect(typesOf(newEvents())).toEqual(['portal_user_login']);
    expect(newEvents()[0]?.event_properties).toEqual({ two_step: false });
    expect(JSON.stringify(newEvents())).not.toContain('correct-horse');
  });

  it('tracks portal_user_login only once the two-step code is accepted', async () => {
    stubApi({
      'POST /api/auth/sign-in/email': { status: 200, body: { twoFactorRedirect: true } },
      'POST /api/auth/two-factor/verify-otp': { status: 200, body: { token: 't' } },
    });
    const signIn = renderHook(() => useSignIn(), { wrapper });
    await signIn.result.current.mutateAsync({ email: 'dana@harbourline.example', password: 'correct-horse' });
    expect(newEvents()).toEqual([]);

    const verify = renderHook(() => useVerifySignInCode(), { wrapper });
    await verify.result.current.mutateAsync({ code: '246810' });
    expect(typesOf(newEvents())).toEqual(['portal_user_login']);
    expect(newEvents()[0]?.event_properties).toEqual({ two_step: true });
  });

  it('tracks no login when sign-in fails', async () => {
    stubApi({
      'POST /api/auth/sign-in/email': {
        status: 401,
        body: { error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } },
      },
    });
    const { result } = renderHook(() => useSignIn(), { wrapper });
    await expect(
      result.current.mutateAsync({ email: 'a@b.example', password: 'nope-nope' }),
    ).rejects.toThrow();
    expect(newEvents()).toEqual([]);
  });

  it('tracks portal_user_signup after registration, with the campaign id', async () => {
    analytics.start({ url: 'http://localhost:3000/register?iterableEmailCampaignId=123' });
    stubApi({ 'POST /api/auth/sign-up/email': { status: 200, body: { token: null, user: { id: 'u2' } } } });
    const { result } = renderHook(() => useSignUp(), { wrapper });
    await result.current.mutateAsync({
      firstName: 'Sam',
      lastName: 'Seller',
      email: 'sam@example.com',
      companyName: 'Example',
      password: 'A-long-password-1',
    });
    expect(typesOf(newEvents())).toEqual(['portal_user_signup']);
    expect(newEvents()[0]).toMatchObject({ campaign_id: '123', version: 'next' });
    expect(JSON.stringify(newEvents())).not.toContain('A-long-password-1');
  });
});

describe('the main layout', () => {
  it('identifies the signed-in user with the spec §3 user properties', async () => {
    stubApi({
      'GET /api/auth/get-session': {
        status: 200,
        body: testSession({ title: 'Director', phoneNumber: '+61400000000', companyName: 'Typed Co' }),
      },
      'GET /api/user-projects': { status: 200, body: { success: true, output: account } },
    });
    renderAppAt('/dashboard');
    await waitFor(() => expect(analytics.state().userId).toBe('u1'));
    await waitFor(() =>
      expect(analytics.track('contact_selected')?.user_properties).toMatchObject({ org_id: 'org-1' }),
    );
    const event = analytics.track('contact_selected');
    expect(event?.user_properties).toEqual({
      user_id: 'u1',
      first_name: 'Dana',
      last_name: 'Developer',
      email: 'dana@harbourline.example',
      phone: '+61400000000',
      job_title: 'Director',
      role_id: 1,
      user_role: 'Developer',
      role: 'user',
      company: 'Harbourline Developments',
      org_id: 'org-1',
      role_updated: true,
      terms_accepted: false,
      organisation_visibility: null,
      impersonated: false,
    });
    expect(analyticsEventSchema.safeParse(event).success).toBe(true);
  });
});

describe('logout', () => {
  it('sends the waiting events before signing out, then forgets the user', async () => {
    let signedIn = true;
    const calls = stubApi({
      'GET /api/auth/get-session': () => ({ status: 200, body: signedIn ? testSession() : null }),
      'POST /api/auth/sign-out': () => {
        signedIn = false;
        return { status: 200, body: { success: true } };
      },
      'POST /api/analytics/batch': { status: 202, body: { accepted: 1 } },
    });
    analytics.start({ url: 'http://localhost:3000/' });
    analytics.identify({
      user_id: 'u1',
      first_name: 'Dana',
      last_name: null,
      email: 'dana@harbourline.example',
      phone: null,
      job_title: null,
      role_id: 1,
      user_role: 'Developer',
      role: 'user',
      company: null,
      org_id: null,
      role_updated: true,
      terms_accepted: true,
      organisation_visibility: null,
    });
    analytics.track('contact_selected');
    const deviceBefore = analytics.state().deviceId;

    const { router } = renderAppAt('/logout');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const paths = calls.filter((call) => call.method === 'POST').map((call) => call.path);
    expect(paths.indexOf('/api/analytics/batch')).toBeGreaterThanOrEqual(0);
    expect(paths.indexOf('/api/analytics/batch')).toBeLessThan(paths.indexOf('/api/auth/sign-out'));
    expect(callsTo(calls, 'POST', '/api/analytics/batch')[0]?.body).toMatchObject({
      events: expect.arrayContaining([
        expect.objectContaining({ event_type: 'contact_selected', user_id: 'u1' }),
      ]),
    });
    expect(analytics.state()).toMatchObject({ userId: null, campaignId: null });
    expect(analytics.state().deviceId).not.toBe(deviceBefore);
  });
});

describe('page load (main.tsx)', () => {
  it('reads the landing parameters, tracks page views by path, and starts autocapture after the remote config', async () => {
    const calls = stubApi({
      'GET /api/analytics/config': { status: 200, body: DEFAULT_ANALYTICS_CONFIG },
    });
    window.history.replaceState(null, '', '/login?iterableEmailCampaignId=123&csl=abc');
    const tracker = createTracker({ store: memoryStore(), sendBeacon: null });
    const { router } = renderAppAt('/login?redirect=%2Fdashboard&token=secret-token');
    const stop = startAnalytics(router, tracker);
    try {
      await screen.findByRole('button', { name: 'Sign in' });
      await waitFor(() => expect(callsTo(calls, 'GET', '/api/analytics/config')).toHaveLength(1));
      await waitFor(() => expect(tracker.state().config).toEqual(DEFAULT_ANALYTICS_CONFIG));

      screen.getByRole('button', { name: 'Sign in' }).click();
      await waitFor(() => expect(typesOf(tracker.pendingEvents())).toContain('element_clicked'));
      await router.navigate({ to: '/forgot-password' });
      await waitFor(() => expect(typesOf(tracker.pendingEvents())).toContain('page_viewed'));

      const events = tracker.pendingEvents();
      expect(tracker.state()).toMatchObject({ deviceId: 'abc', campaignId: '123' });
      const views = events.filter((event) => event.event_type === 'page_viewed');
      expect(views.map((event) => event.event_properties.page_path)).toEqual(['/login', '/forgot-password']);
      expect(views.map((event) => event.event_properties.page_route)).toEqual(['/login', '/forgot-password']);
      const click = events.find((event) => event.event_type === 'element_clicked');
      expect(click?.event_properties).toMatchObject({ element_tag: 'button', element_text: 'Sign in' });
      for (const event of events) expect(analyticsEventSchema.safeParse(event).success).toBe(true);
      expect(JSON.stringify(events)).not.toContain('secret-token');
    } finally {
      stop();
      window.history.replaceState(null, '', '/');
    }
  });
});
