import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderInRouter, stubApi } from '../test-utils.tsx';
import { AUTH_VALIDATION } from '../validation.ts';
import { ForgotPasswordForm, PASSWORD_RESET_REQUESTED_MESSAGE } from './forgot-password-form.tsx';

const REQUEST = '/api/auth/request-password-reset';

function requestLinkFor(email: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ForgotPasswordForm', () => {
  it('asks for a valid address before calling anyone', async () => {
    const calls = stubApi();
    await renderInRouter(<ForgotPasswordForm />);

    requestLinkFor('dana@');

    expect(await screen.findByText(AUTH_VALIDATION.emailInvalid)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it.each([
    ['an address with an account', 'dana@harbourline.example'],
    ['an address without one', 'nobody@nowhere.example'],
  ])('says the same for %s, never whether the account exists', async (_, email) => {
    const calls = stubApi({ [`POST ${REQUEST}`]: { status: 200, body: { status: true } } });
    await renderInRouter(<ForgotPasswordForm />);

    requestLinkFor(email);

    expect(await screen.findByText(PASSWORD_RESET_REQUESTED_MESSAGE)).toBeTruthy();
    expect(PASSWORD_RESET_REQUESTED_MESSAGE).toBe(
      "If an account exists for that address, we've sent a link to reset the password. The link works for 1 hour.",
    );
    expect(screen.queryByText(email)).toBeNull();
    expect(callsTo(calls, 'POST', REQUEST)[0]?.body).toEqual({ email });
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });
});
