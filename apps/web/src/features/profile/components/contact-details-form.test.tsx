import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { SessionUser } from '@offplan/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { apiError, ok, stubApi } from '../../../test/api-stub.ts';
import { theme } from '../../../theme.ts';
import { sessionQueryKey } from '../../auth/api/session.ts';
import { CONTACT_VALIDATION, ContactDetailsForm } from './contact-details-form.tsx';

const user: SessionUser = {
  id: 'u1',
  name: 'Dana Developer',
  email: 'dana@harbourline.example',
  emailVerified: true,
  jobRoleId: 1,
  firstName: 'Dana',
  lastName: 'Developer',
  title: 'Sales Director',
};

function renderForm() {
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <ContactDetailsForm user={user} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { queryClient };
}

function input(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
}

function type(label: string, value: string) {
  fireEvent.change(input(label), { target: { value } });
}

function save() {
  fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ContactDetailsForm', () => {
  it("starts from the user's name and title, with the email read-only", () => {
    renderForm();
    expect(input('First name').value).toBe('Dana');
    expect(input('Last name').value).toBe('Developer');
    expect(input('Title').value).toBe('Sales Director');
    expect(input('Email').readOnly).toBe(true);
  });

  it('puts a message next to each empty name and calls nobody', async () => {
    const calls = stubApi();
    renderForm();

    type('First name', '  ');
    type('Last name', '');
    save();

    expect(await screen.findByText(CONTACT_VALIDATION.firstNameRequired)).toBeTruthy();
    expect(screen.getByText(CONTACT_VALIDATION.lastNameRequired)).toBeTruthy();
    expect(input('First name').getAttribute('aria-invalid')).toBe('true');
    expect(input('Title').value).toBe('Sales Director');
    expect(calls).toHaveLength(0);
  });

  it("shows the server's field messages next to their fields and keeps what was typed", async () => {
    stubApi({
      'POST /api/user-update': apiError(400, 'VALIDATION_FAILED', 'Check the highlighted fields.', {
        last_name: 'must be at most 100 characters',
        title: 'must not contain links',
      }),
    });
    renderForm();

    type('Last name', 'Developer-Smith');
    type('Title', 'See https://example.com');
    save();

    expect(await screen.findByText('must be at most 100 characters')).toBeTruthy();
    expect(screen.getByText('must not contain links')).toBeTruthy();
    expect(input('Last name').getAttribute('aria-invalid')).toBe('true');
    expect(input('Last name').value).toBe('Developer-Smith');
    expect(input('Title').value).toBe('See https://example.com');
    // Everything is next to a field: no second copy above the form.
    expect(screen.queryByText('Check the highlighted fields.')).toBeNull();
  });

  it('shows a refusal that names no field above the form and keeps what was typed', async () => {
    stubApi({ 'POST /api/user-update': apiError(403, 'FORBIDDEN', 'You cannot change this account.') });
    renderForm();

    type('First name', 'Danielle');
    save();

    expect(await screen.findByText('You cannot change this account.')).toBeTruthy();
    expect(input('First name').value).toBe('Danielle');
  });

  it('saves through POST /api/user-update, confirms, and reads the session again', async () => {
    const calls = stubApi({ 'POST /api/user-update': ok({ success: true }) });
    const { queryClient } = renderForm();
    queryClient.setQueryData(sessionQueryKey, null);

    type('First name', ' Danielle ');
    type('Title', '');
    save();

    expect(await screen.findByText('Contact details saved')).toBeTruthy();
    const [call] = calls;
    expect(call?.path).toBe('/api/user-update');
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({
      clear_cookie: 0,
      first_name: 'Danielle',
      last_name: 'Developer',
      title: '',
    });
    await waitFor(() => expect(queryClient.getQueryState(sessionQueryKey)?.isInvalidated).toBe(true));
  });
});
