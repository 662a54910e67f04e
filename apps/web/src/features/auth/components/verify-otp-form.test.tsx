import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, descriptionOf, renderInRouter, stubApi } from '../test-utils.tsx';
import { AUTH_VALIDATION } from '../validation.ts';
import { SIGN_IN_EXPIRED_MESSAGE } from './sign-in-expired.tsx';
import { newCodeSentMessage, VerifyOtpForm } from './verify-otp-form.tsx';

const phoneHint = '•••• ••• 678';
const wrongCode = apiError(
  400,
  'INVALID_CODE',
  'That code is not right. Check the text message and try again.',
);

function codeInput(): HTMLInputElement {
  return screen.getByLabelText('Verification code') as HTMLInputElement;
}

/** Types the code the way a phone's autofill does: all digits into the first box. */
function enterCode(code: string) {
  fireEvent.change(codeInput(), { target: { value: code } });
}

function verify() {
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
}

function renderForm(onVerified = vi.fn()) {
  return renderInRouter(<VerifyOtpForm phoneHint={phoneHint} redirect="/leads" onVerified={onVerified} />);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('VerifyOtpForm (two-step sign-in, design §7)', () => {
  it('offers the code boxes to autofill and names each of them', async () => {
    await renderForm();
    expect(screen.getByText(phoneHint)).toBeTruthy();
    expect(codeInput().getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByLabelText('Digit 6 of 6')).toBeTruthy();
  });

  it('asks for all six digits before calling anyone', async () => {
    const calls = stubApi();
    await renderForm();

    enterCode('123');
    verify();

    expect(await screen.findByText(AUTH_VALIDATION.codeIncomplete)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends the code and reports success', async () => {
    const calls = stubApi({ 'POST /api/auth/two-factor/verify-otp': { status: 200, body: { token: 't' } } });
    const onVerified = vi.fn();
    await renderForm(onVerified);

    enterCode('123456');
    verify();

    await waitFor(() => expect(onVerified).toHaveBeenCalledOnce());
    expect(callsTo(calls, 'POST', '/api/auth/two-factor/verify-otp')[0]?.body).toEqual({ code: '123456' });
  });

  it("shows the server's message for a wrong code next to the field", async () => {
    stubApi({ 'POST /api/auth/two-factor/verify-otp': wrongCode });
    const onVerified = vi.fn();
    await renderForm(onVerified);

    enterCode('123456');
    verify();

    expect(await screen.findByText(wrongCode.body.error.message)).toBeTruthy();
    expect(descriptionOf(codeInput())).toContain(wrongCode.body.error.message);
    expect(codeInput().getAttribute('aria-invalid')).toBe('true');
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('keeps a wrong code answered with 401 (as better-auth does) next to the field', async () => {
    stubApi({ 'POST /api/auth/two-factor/verify-otp': apiError(401, 'INVALID_CODE', 'Invalid code') });
    await renderForm();

    enterCode('123456');
    verify();

    expect(await screen.findByText('Invalid code')).toBeTruthy();
    expect(screen.queryByText(SIGN_IN_EXPIRED_MESSAGE)).toBeNull();
  });

  it('sends a new code, says where it went and clears the old message', async () => {
    const calls = stubApi({
      'POST /api/auth/two-factor/verify-otp': wrongCode,
      'POST /api/auth/two-factor/send-otp': { status: 200, body: { status: true } },
    });
    await renderForm();
    enterCode('123456');
    verify();
    await screen.findByText(wrongCode.body.error.message);

    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));

    expect(await screen.findByText(newCodeSentMessage(phoneHint))).toBeTruthy();
    expect(screen.queryByText(wrongCode.body.error.message)).toBeNull();
    expect(codeInput().value).toBe('');
    expect(callsTo(calls, 'POST', '/api/auth/two-factor/send-otp')).toHaveLength(1);
  });

  it('shows the 429 message when new codes are asked for too often', async () => {
    stubApi({
      'POST /api/auth/two-factor/send-otp': apiError(
        429,
        'RATE_LIMITED',
        'Too many codes sent. Wait a minute and try again.',
      ),
    });
    await renderForm();

    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));

    expect(await screen.findByText('Too many codes sent. Wait a minute and try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeTruthy();
  });

  it('explains an expired sign-in step and leads back to sign-in, keeping the redirect', async () => {
    stubApi({
      'POST /api/auth/two-factor/verify-otp': apiError(
        401,
        'INVALID_TWO_FACTOR_COOKIE',
        'Invalid two factor cookie',
      ),
    });
    await renderForm();

    enterCode('123456');
    verify();

    expect(await screen.findByText(SIGN_IN_EXPIRED_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fleads',
    );
  });
});
