import { MantineProvider } from '@mantine/core';
import type { OutboxMessage } from '@offplan/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { createAppRouter } from '../../router.tsx';
import { apiError, ok, stubApi } from '../../test/api-stub.ts';
import { adminSessionOf } from '../../test/factories.ts';
import { theme } from '../../theme.ts';

function message(overrides: Partial<OutboxMessage>): OutboxMessage {
  return {
    id: 'm1',
    channel: 'email',
    to: 'dana@harbourline.example',
    subject: 'Verify your email',
    text: 'Open this link to verify your email.',
    html: '<p>Open this link</p>',
    status: 'stored',
    attempts: 1,
    createdAt: '2026-03-03T01:02:03.000Z',
    sentAt: null,
    links: [],
    ...overrides,
  };
}

function stubMailboxApi(
  role: string,
  pages: Record<string, { items: OutboxMessage[]; total: number }> | 'off',
) {
  const mailboxPages: string[] = [];
  stubApi({
    'GET /api/auth/get-session': ok(adminSessionOf({ id: 'a1', role })),
    'GET /api/dev/mailbox': ({ url }) => {
      const page = url.searchParams.get('page') ?? '1';
      mailboxPages.push(page);
      if (pages === 'off') return apiError(404, 'NOT_FOUND', 'No API route GET /api/dev/mailbox.');
      return ok(pages[page] ?? { items: [], total: 0 });
    },
  });
  return mailboxPages;
}

function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/dev/mailbox', () => {
  it('lists emails and texts with their links: same-site ones open here, others in a new tab', async () => {
    const origin = window.location.origin;
    stubMailboxApi('admin', {
      '1': {
        total: 2,
        items: [
          message({
            id: 'm2',
            channel: 'sms',
            to: '+61412345678',
            subject: null,
            text: 'Your code is 123456',
            status: 'sent',
          }),
          message({
            links: [`${origin}/verify?token=abc`, 'https://offplan.example/terms', 'javascript:alert(1)'],
          }),
        ],
      },
    });
    renderApp('/dev/mailbox');

    const email = await screen.findByRole('article', {
      name: 'Verify your email to dana@harbourline.example',
    });
    expect(within(email).getByText('Open this link to verify your email.')).toBeTruthy();
    const local = within(email).getByRole('link', { name: `${origin}/verify?token=abc` });
    expect(local.getAttribute('target')).toBeNull();
    const external = within(email).getByRole('link', { name: /offplan\.example\/terms/ });
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(email).queryByText(/javascript:/)).toBeNull();

    const sms = screen.getByRole('article', { name: 'SMS to +61412345678' });
    expect(within(sms).getByText('Your code is 123456')).toBeTruthy();
    expect(within(sms).getByText('sent')).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('heading', { name: 'Dev Mailbox' })).toBeTruthy();
  });

  it('asks again on Refresh and loads older pages on demand', async () => {
    const asked = stubMailboxApi('admin', {
      '1': { total: 2, items: [message({ id: 'm2', subject: 'Newest' })] },
      '2': { total: 2, items: [message({ id: 'm1', subject: 'Oldest' })] },
    });
    renderApp('/dev/mailbox');
    expect(await screen.findByText('Newest')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show older messages' }));
    expect(await screen.findByText('Oldest')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show older messages' })).toBeNull();

    const before = asked.length;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(asked.length).toBeGreaterThan(before));
  });

  it('explains that the mailbox is off where the server delivers for real', async () => {
    stubMailboxApi('admin', 'off');
    renderApp('/dev/mailbox');

    expect(await screen.findByText('The dev mailbox is off here')).toBeTruthy();
  });

  it('is not there for non-admins', async () => {
    const asked = stubMailboxApi('user', {});
    renderApp('/dev/mailbox');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(asked).toEqual([]);
  });
});
