import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { type ApiAnswer, apiError, callsTo, ok, stubApi } from '../../test/api-stub.ts';
import { theme } from '../../theme.ts';
import { MessageComposer } from './components/message-composer.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The API: no organisations to pick, and the given answer to the send. */
function stubComposerApi(sendAnswer: ApiAnswer) {
  return stubApi({
    'POST /api/admin/messages': sendAnswer,
    'GET /api/admin/messages/organisations': ok({ items: [] }),
  });
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
    const calls = stubComposerApi(
      apiError(400, 'VALIDATION_FAILED', 'Check the title.', { title: 'Too long.' }),
    );
    await fillAndSend();
    expect(await screen.findByText('Too long.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/messages')).toHaveLength(1);
    expect(screen.queryByText('Check the title.')).toBeNull();
  });

  it('shows the message above the form when the server names only fields the form lacks', async () => {
    stubComposerApi(
      apiError(400, 'VALIDATION_FAILED', 'Unknown field: audienceFilter.', {
        audienceFilter: 'Unknown field.',
      }),
    );
    await fillAndSend();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Unknown field: audienceFilter.'),
    );
  });
});
