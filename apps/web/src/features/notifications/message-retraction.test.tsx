import { Notifications } from '@mantine/notifications';
import {
  NOTIFICATION_STREAM_EVENTS,
  type Notification,
  IN_APP_MESSAGE_API_PATHS as PATHS,
  type SentMessage,
} from '@offplan/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, ok, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { NotificationBell } from './components/notification-bell.tsx';
import { SentMessages } from './components/sent-messages.tsx';

/** An EventSource the test drives: the last one opened, its URL, and a way to send it events. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(name: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data: unknown) {
    for (const listener of this.listeners.get(name) ?? []) {
      listener(new MessageEvent(name, { data: JSON.stringify(data) }));
    }
  }
}

const notification = (id: string): Notification => ({
  messageId: id,
  campaignId: 1,
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
});

const sent = (overrides: Partial<SentMessage> = {}): SentMessage => ({
  messageId: 'm1',
  campaignId: 1,
  createdAt: '2026-05-01T00:00:00.000Z',
  audience: 'everyone',
  audienceLabel: 'Everyone',
  title: 'Wrong date',
  body: 'Launch on the 3rd',
  ctaLink: null,
  ctaLabel: null,
  thumbnail: null,
  priorityLevel: 100,
  trigger: 'never',
  position: 'Center',
  source: 'admin',
  opens: 1,
  clicks: 0,
  reads: 1,
  retractedAt: null,
  retractedBy: null,
  ...overrides,
});

beforeEach(() => {
  window.localStorage.clear();
  FakeEventSource.last = null;
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the bell’s event stream', () => {
  it('drops a retracted message from the open bell without reading the list again', async () => {
    const calls = stubApi({
      'GET /api/notifications/*': ok({ notifications: [notification('m1'), notification('m2')] }),
      'POST /api/notifications/open': ok({ recorded: 2 }),
      'POST /api/notifications/read': ok({ recorded: 2 }),
    });
    renderWithProviders(<NotificationBell email="user@example.test" />);
    await waitFor(() => expect(FakeEventSource.last?.url).toBe(PATHS.stream));
    const source = FakeEventSource.last as FakeEventSource;
    act(() => source.onopen?.());
    await waitFor(() => expect(screen.getByTestId('notification-bell').dataset.live).toBe('true'));
    fireEvent.click(screen.getByTestId('notification-bell'));
    expect(await screen.findByText('Title m1')).toBeTruthy();
    const lists = callsTo(calls, 'GET', '/api/notifications/user%40example.test').length;

    act(() => source.emit(NOTIFICATION_STREAM_EVENTS.retracted, { messageId: 'm1' }));
    await waitFor(() => expect(screen.queryByText('Title m1')).toBeNull());
    expect(screen.getByText('Title m2')).toBeTruthy();
    expect(callsTo(calls, 'GET', '/api/notifications/user%40example.test')).toHaveLength(lists);

    // 'resync': the server may have missed announcements, so the list is read again.
    act(() => source.emit(NOTIFICATION_STREAM_EVENTS.resync, {}));
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/api/notifications/user%40example.test').length).toBeGreaterThan(lists),
    );
  });
});

describe('SentMessages', () => {
  it('retracts a message only after a confirmation', async () => {
    const calls = stubApi({
      [`POST ${PATHS.retract('m1')}`]: ok({
        messageId: 'm1',
        retractedAt: '2026-05-02T00:00:00.000Z',
        retractedBy: 'Ada',
      }),
    });
    renderWithProviders(
      <>
        <Notifications />
        <SentMessages items={[sent()]} />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retract Wrong date' }));
    expect(callsTo(calls, 'POST', PATHS.retract('m1'))).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Retract message' }));
    expect(await screen.findByText('Message retracted')).toBeTruthy();
    expect(callsTo(calls, 'POST', PATHS.retract('m1'))).toHaveLength(1);
  });

  it('shows who opened, read and clicked a message, and who retracted it', async () => {
    stubApi({
      [`GET ${PATHS.receipts('m1')}`]: ok({
        message: {
          messageId: 'm1',
          title: 'Wrong date',
          createdAt: '2026-05-01T00:00:00.000Z',
          audienceLabel: 'Everyone',
          retractedAt: '2026-05-02T00:00:00.000Z',
          retractedBy: 'Ada Admin',
        },
        totals: { readers: 1, opened: 1, read: 1, clicked: 0 },
        items: [
          {
            userId: 'u1',
            name: 'Rita Reader',
            email: 'rita@example.test',
            firstOpenedAt: '2026-05-01T01:00:00.000Z',
            openCount: 3,
            readAt: '2026-05-01T01:00:01.000Z',
            firstClickedAt: null,
            clickCount: 0,
          },
        ],
        page: 1,
        pageSize: 25,
      }),
    });
    renderWithProviders(
      <SentMessages items={[sent({ retractedAt: '2026-05-02T00:00:00.000Z', retractedBy: 'Ada Admin' })]} />,
    );
    expect(screen.queryByRole('button', { name: 'Retract Wrong date' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Readers of Wrong date' }));
    const drawer = await screen.findByRole('dialog', { name: 'Readers of “Wrong date”' });
    expect(await within(drawer).findByText('Rita Reader')).toBeTruthy();
    expect(within(drawer).getByText('rita@example.test')).toBeTruthy();
    expect(within(drawer).getByTestId('receipt-totals').textContent).toBe('1 opened · 1 read · 0 clicked');
    expect(within(drawer).getByText(/\(3 times\)/)).toBeTruthy();
    expect(within(drawer).getByTestId('retracted-note').textContent).toContain('By Ada Admin');
  });
});
