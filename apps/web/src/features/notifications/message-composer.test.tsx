import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { jsonResponse } from '../../test/render.tsx';
import { theme } from '../../theme.ts';
import { MessageComposer } from './components/message-composer.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The API: no organisations to pick, and the given answer to the send. */
function stubApi(sendAnswer: Response) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost:3000');
      if (url.pathname === '/api/admin/messages' && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return sendAnswer;
      }
      if (url.pathname.startsWith('/api/admin/messages')) return jsonResponse(200, { items: [] });
      return jsonResponse(200, []);
    }),
  );
  return sent;
}

async function fillAndSend() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider theme={theme} env="test">
        <MessageComposer />
      </MantineProvider>
    </QueryClientProvider>,
  );
  // The organisations the composer offers are read first (the route loads them; here, the stub answers).
  fireEvent.change(await screen.findByLabelText(/^Title/), { target: { value: 'Planned downtime' } });
  fireEvent.change(screen.getByLabelText(/^Body \(HTML\)/), { target: { value: '<p>Back at six.</p>' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
}

describe('MessageComposer', () => {
  it('shows the message next to the field the server names', async () => {
    const sent = stubApi(
      jsonResponse(400, {
        error: { code: 'VALIDATION_FAILED', message: 'Check the title.', fields: { title: 'Too long.' } },
      }),
    );
    await fillAndSend();
    expect(await screen.findByText('Too long.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(screen.queryByText('Check the title.')).toBeNull();
  });

  it('shows the message above the form when the server names only fields the form lacks', async () => {
    stubApi(
      jsonResponse(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Unknown field: audienceFilter.',
          fields: { audienceFilter: 'Unknown field.' },
        },
      }),
    );
    await fillAndSend();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Unknown field: audienceFilter.'),
    );
  });
});
