import { IN_APP_MESSAGES, type Notification } from '@offplan/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analytics } from '../../lib/analytics/tracker.ts';
import { ok, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { InAppMessages } from './components/in-app-messages.tsx';
import { popupQueue } from './lib/popup-rules.ts';

function message(
  id: string,
  overrides: Partial<Notification> = {},
  payload: Partial<Notification['customPayload']> = {},
) {
  return {
    messageId: id,
    campaignId: 1,
    createdAt: '2026-05-01T00:00:00.000Z',
    read: false,
    customPayload: {
      title: `Title ${id}`,
      body: `<p>Body ${id}</p>`,
      cta_link: null,
      cta_label: null,
      thumbnail: null,
      ...payload,
    },
    priorityLevel: 100,
    trigger: 'immediate',
    position: 'TopRight',
    ...overrides,
  } satisfies Notification;
}

describe('popupQueue (spec §9 in-app message rules)', () => {
  it('hides read, trigger never and no-HTML messages', () => {
    const queue = popupQueue([
      message('read', { read: true }),
      message('never', { trigger: 'never' }),
      message('plain', {}, { body: 'just words' }),
      message('shown'),
    ]);
    expect(queue.map((m) => m.messageId)).toEqual(['shown']);
  });

  it('sorts by priorityLevel ascending, then createdAt ascending', () => {
    const queue = popupQueue([
      message('p5-new', { priorityLevel: 5, createdAt: '2026-05-03T00:00:00Z' }),
      message('p1', { priorityLevel: 1, createdAt: '2026-05-04T00:00:00Z' }),
      message('p5-old', { priorityLevel: 5, createdAt: '2026-05-01T00:00:00Z' }),
    ]);
    expect(queue.map((m) => m.messageId)).toEqual(['p1', 'p5-old', 'p5-new']);
  });
});

/** The bell's API: a token, the given messages, and receipts recorded. */
function stubMessagesApi(notifications: unknown[]) {
  return stubApi({
    'POST /api/notifications/token': ok({ token: 't' }),
    'GET /api/notifications/*': ok({ notifications }),
    'POST /api/notifications/open': ok({ recorded: 1 }),
    'POST /api/notifications/read': ok({ recorded: 1 }),
    'POST /api/notifications/click': ok({ recorded: 1 }),
  });
}

describe('InAppMessages', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows one at a time, records the open, and waits 30 s after closing before the next', async () => {
    const track = vi.spyOn(analytics, 'track');
    const calls = stubMessagesApi([
      message('second', { priorityLevel: 2 }),
      message('first', { priorityLevel: 1 }, { body: '<p>Hi<img src=x onerror="window.__xss=1"></p>' }),
    ]);
    const posted = () =>
      calls
        .filter((call) => call.method === 'POST' && call.path !== '/api/notifications/token')
        .map(({ path, body }) => ({ path, body }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithProviders(<InAppMessages email="dana@example.com" />);
    const popup = await screen.findByTestId('in-app-message');
    expect(popup.textContent).toContain('Title first');
    expect(popup.dataset.position).toBe('TopRight');
    expect(popup.querySelector('img[onerror]')).toBeNull();
    expect(posted()).toContainEqual({ path: '/api/notifications/open', body: { messageIds: ['first'] } });
    expect(track).toHaveBeenCalledWith('notification_appear', { message_id: 'first', in_app_campaign_id: 1 });

    fireEvent.click(screen.getByRole('button', { name: 'Close message' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(IN_APP_MESSAGES.animationMs + 50);
    });
    expect(screen.queryByTestId('in-app-message')).toBeNull();
    expect(posted()).toContainEqual({ path: '/api/notifications/read', body: { messageIds: ['first'] } });

    await act(async () => {
      await vi.advanceTimersByTimeAsync(
        IN_APP_MESSAGES.displayIntervalMs - IN_APP_MESSAGES.animationMs - 500,
      );
    });
    expect(screen.queryByTestId('in-app-message')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect((await screen.findByTestId('in-app-message')).textContent).toContain('Title second');
  });

  it.each(['Center', 'Full'] as const)(
    'shows a %s message as a dialog; trigger never shows nothing',
    async (position) => {
      stubMessagesApi([
        message('hidden', { trigger: 'never', priorityLevel: 0 }),
        message('shown', { position }),
      ]);
      renderWithProviders(<InAppMessages email="dana@example.com" />);
      expect(await screen.findByRole('dialog', { name: 'Title shown' })).toBeTruthy();
      expect(screen.queryByText('Title hidden')).toBeNull();
    },
  );
});
