import { PASSWORD_MESSAGES } from '@offplan/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, descriptionOf, renderInRouter, stubApi } from '../test-utils.tsx';
import { AUTH_VALIDATION } from '../validation.ts';
import { RESET_LINK_INVALID_MESSAGE, ResetPasswordForm } from './reset-password-form.tsx';

const RESET = '/api/auth/reset-password';

function setPassword(password: string, confirmation = password) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ResetPasswordForm', () => {
  it('checks the length and that both entries match before calling anyone', async () => {
    const calls = stubApi();
    await renderInRouter(<ResetPasswordForm token="tok" onReset={() => {}} />);

    setPassword('short', 'shorter');

    expect(await screen.findByText(PASSWORD_MESSAGES.tooShort)).toBeTruthy();
    expect(screen.getByText(AUTH_VALIDATION.passwordsDiffer)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sets the new password with the token and reports success', async () => {
    const calls = stubApi({ [`POST ${RESET}`]: { status: 200, body: { status: true } } });
    const onReset = vi.fn();
    await renderInRouter(<ResetPasswordForm token="tok-1" onReset={onReset} />);

    setPassword('a long enough passphrase');

    await waitFor(() => expect(onReset).toHaveBeenCalledOnce());
    expect(callsTo(calls, 'POST', RESET)[0]?.body).toEqual({
      newPassword: 'a long enough passphrase',
      token: 'tok-1',
    });
  });

  it('puts a refused password next to the field', async () => {
    stubApi({
      [`POST ${RESET}`]: apiError(400, 'VALIDATION_FAILED', 'Check the highlighted fields.', {
        newPassword: PASSWORD_MESSAGES.common,
      }),
    });
    await renderInRouter(<ResetPasswordForm token="tok" onReset={() => {}} />);

    setPassword('password1234');

    expect(await screen.findByText(PASSWORD_MESSAGES.common)).toBeTruthy();
    expect(descriptionOf(screen.getByLabelText('New password'))).toContain(PASSWORD_MESSAGES.common);
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('password1234');
  });

  it('explains a spent or expired link and offers a new one', async () => {
    stubApi({ [`POST ${RESET}`]: apiError(400, 'INVALID_TOKEN', 'Invalid token') });
    const onReset = vi.fn();
    await renderInRouter(<ResetPasswordForm token="used" onReset={onReset} />);

    setPassword('a long enough passphrase');

    expect(await screen.findByText(RESET_LINK_INVALID_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(onReset).not.toHaveBeenCalled();
  });
});
