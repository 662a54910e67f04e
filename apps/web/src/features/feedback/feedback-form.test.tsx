import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { stubApi } from '../../test/api-stub.ts';
import { theme } from '../../theme.ts';
import { FEEDBACK_TEXT, FeedbackForm } from './components/feedback-form.tsx';

function renderForm(page?: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider theme={theme} env="test">
        <FeedbackForm initialPage={page} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('FeedbackForm', () => {
  it('asks for a category and a message before sending anything', async () => {
    const calls = stubApi();
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText(FEEDBACK_TEXT.categoryRequired)).toBeTruthy();
    expect(screen.getByText(FEEDBACK_TEXT.messageRequired)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends category, message and page, then thanks the user', async () => {
    const calls = stubApi({ 'POST /api/feedback': { status: 201, body: { id: 'f1' } } });
    renderForm('/projects');
    fireEvent.click(screen.getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Idea or feature request' }));
    fireEvent.change(screen.getByLabelText('Your feedback', { exact: false }), {
      target: { value: '  A map view please  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText(FEEDBACK_TEXT.sent)).toBeTruthy();
    const [call] = calls;
    expect(call?.path).toMatch(/\/api\/feedback$/);
    expect(call?.body).toEqual({
      category: 'idea',
      message: 'A map view please',
      page: '/projects',
    });
    await waitFor(() => expect(calls).toHaveLength(1));
  });
});
