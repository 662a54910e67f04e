import type { Notification } from '@offplan/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analytics } from '../../lib/analytics/tracker.ts';
import { type ApiCall, apiError, ok, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { notificationsQueryOptions } from './api/notifications.ts';
import { EMPTY_NOTIFICATIONS_TEXT } from './components/bell-popover.tsx';
import { bellPopover, NotificationBell } from './components/notification-bell.tsx';

function message(id: string, overrides: Partial<Notification> = {}): Notification {
  return {
    messageId: id,
    campaignId: Number(id.replace(/\D/g, '')) || 1,
    createdAt: '2026-05-01T00:00:00.000Z',
    read: false,
    customPayload: {
      title: `Title ${id}`,
      body: `Body ${id}`,
      cta_link: null,
      cta_label: null,
      thumbnail: null,
    },
    priorityLevel: 100,
    trigger: 'never',
    position: 'Center',
    ...overrides,
  };
}

function stubBellApi(answer: { notifications?: Notification[]; status?: number }) {
  return stubApi({
    'POST /api/notifications/token': ok({ token: 'tok-1' }),
    'GET /api/notifications/*': () =>
      answer.status && answer.status >= 400
        ? apiError(answer.status, 'INTERNAL_ERROR', 'boom')
        : ok({ notifications: answer.notifications ?? [] }),
    'POST /api/notifications/open': ok({ recorded: 1 }),
    'POST /api/notifications/read': ok({ recorded: 1 }),
    'POST /api/notifications/click': ok({ recorded: 1 }),
  });
}

const posts = (calls: ApiCall[], event: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === `/api/notifications/${event}`);

beforeEach(() => {
  window.localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('NotificationBell', () => {
  it('makes no call without an email', async () => {
    const calls = stubBellApi({ notifications: [message('m1')] });
    renderWithProviders(<NotificationBell email="" />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(calls).toHaveLength(0);
    expect(screen.queryByTestId('notification-unread-dot')).toBeNull();
  });

  it('fetches with the token header, shows the unread dot, and caches the token', async () => {
    const calls = stubBellApi({ notifications: [message('m1'), message('m2', { read: true })] });
    renderWithProviders(<NotificationBell email="dana@example.com" />);
    expect(await screen.findByTestId('notification-unread-dot')).toBeTruthy();
    const get = calls.find((call) => call.method === 'GET');
    expect(get?.path).toBe('/api/notifications/dana%40example.com');
    expect(get?.headers['x-notification-token']).toBe('tok-1');
    expect(JSON.parse(window.localStorage.getItem('notification-token') ?? '{}')).toMatchObject({
      email: 'dana@example.com',
      token: 'tok-1',
    });
  });

  it('on open tracks an open per unread message, then marks all read after 500 ms', async () => {
    const track = vi.spyOn(analytics, 'track');
    const calls = stubBellApi({
      notifications: [message('m1'), message('m2'), message('m3', { read: true })],
    });
    renderWithProviders(<NotificationBell email="dana@example.com" />);
    await screen.findByTestId('notification-unread-dot');
    // The list's code first (a hover does that in the app): module loading does not run on fake timers.
    await bellPopover.load();

    vi.useFakeTimers();
    fireEvent.click(screen.getByTestId('notification-bell'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(posts(calls, 'open').map((call) => call.body)).toEqual([{ messageIds: ['m1', 'm2'] }]);
    expect(
      track.mock.calls.filter(([type]) => type === 'notification_bell_appear').map(([, p]) => p?.message_id),
    ).toEqual(['m1', 'm2']);
    expect(screen.getAllByTestId('notification-item').map((item) => item.dataset.read)).toEqual([
      'false',
      'false',
      'true',
    ]);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(screen.getAllByTestId('notification-item')[0]?.dataset.read).toBe('false');
    expect(posts(calls, 'read')).toHaveLength(0);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    // The query cache tells its observers on the next tick.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getAllByTestId('notification-item').map((item) => item.dataset.read)).toEqual([
      'true',
      'true',
      'true',
    ]);
    expect(posts(calls, 'read').map((call) => call.body)).toEqual([{ messageIds: ['m1', 'm2'] }]);
    expect(screen.queryByTestId('notification-unread-dot')).toBeNull();
  });

  it('clicking a message marks it read and tracks a click', async () => {
    const track = vi.spyOn(analytics, 'track');
    const calls = stubBellApi({
      notifications: [
        message('m7', {
          customPayload: {
            title: 'Launch',
            body: '<p>New <b>launch</b></p>',
            cta_link: 'https://example.com/launch',
            cta_label: 'See it',
            thumbnail: 'https://example.com/t.png',
          },
        }),
      ],
    });
    renderWithProviders(<NotificationBell email="dana@example.com" />);
    await screen.findByTestId('notification-unread-dot');
    fireEvent.click(screen.getByTestId('notification-bell'));
    const item = await screen.findByTestId('notification-item');
    // Title, HTML body (there is a thumbnail), thumbnail and call to action.
    expect(item.textContent).toContain('Launch');
    await waitFor(() => expect(item.querySelector('b')?.textContent).toBe('launch'));
    expect(item.querySelector('img')?.getAttribute('src')).toBe('https://example.com/t.png');
    expect(item.querySelector('a[href="https://example.com/launch"]')?.textContent).toBe('See it');

    fireEvent.click(item);
    await waitFor(() => expect(item.dataset.read).toBe('true'));
    await waitFor(() =>
      expect(posts(calls, 'click').map((call) => call.body)).toEqual([{ messageId: 'm7' }]),
    );
    expect(track).toHaveBeenCalledWith('notification_bell_clicked', {
      message_id: 'm7',
      in_app_campaign_id: 7,
    });
  });

  it("says 'You have no new notifications.' when there are none", async () => {
    const calls = stubBellApi({ notifications: [] });
    renderWithProviders(<NotificationBell email="dana@example.com" />);
    await waitFor(() => expect(calls.some((call) => call.method === 'GET')).toBe(true));
    fireEvent.click(screen.getByTestId('notification-bell'));
    expect(await screen.findByText(EMPTY_NOTIFICATIONS_TEXT)).toBeTruthy();
    expect(posts(calls, 'open')).toHaveLength(0);
  });

  it('only logs a load failure (a warning, not an error) and keeps the list empty', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubBellApi({ status: 500 });
    renderWithProviders(<NotificationBell email="dana@example.com" />);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    fireEvent.click(screen.getByTestId('notification-bell'));
    expect(await screen.findByText(EMPTY_NOTIFICATIONS_TEXT)).toBeTruthy();
  });

  it('keeps the list without revalidating on focus or reconnect', () => {
    const options = notificationsQueryOptions('dana@example.com');
    expect(options.refetchOnWindowFocus).toBe(false);
    expect(options.refetchOnReconnect).toBe(false);
    expect(notificationsQueryOptions('').enabled).toBe(false);
  });
});
