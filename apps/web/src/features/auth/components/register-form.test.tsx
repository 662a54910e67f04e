import { PASSWORD_MESSAGES } from '@offplan/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, descriptionOf, renderInRouter, stubApi } from '../test-utils.tsx';
import { AUTH_VALIDATION } from '../validation.ts';
import { RegisterForm } from './register-form.tsx';

const typed = {
  'First name': 'Dana',
  'Last name': 'Developer',
  Email: ' dana@harbourline.example ',
  'Mobile number (optional)': '0412 345 678',
  Organisation: 'Harbourline Developments',
  Password: 'password1234',
};

function fill(values: Record<string, string> = typed) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

function acceptTerms() {
  fireEvent.click(screen.getByRole('checkbox', { name: /I accept the/ }));
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

function inputValue(label: string): string {
  return (screen.getByLabelText(label) as HTMLInputElement).value;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RegisterForm', () => {
  it('checks every field before calling anyone', async () => {
    const calls = stubApi();
    await renderInRouter(<RegisterForm onRegistered={() => {}} />);

    fill({ Password: 'short', 'Mobile number (optional)': '12' });
    submit();

    expect(await screen.findByText(AUTH_VALIDATION.firstNameRequired)).toBeTruthy();
    expect(screen.getByText(AUTH_VALIDATION.lastNameRequired)).toBeTruthy();
    expect(screen.getByText(AUTH_VALIDATION.emailRequired)).toBeTruthy();
    expect(screen.getByText(AUTH_VALIDATION.phoneInvalid)).toBeTruthy();
    expect(screen.getByText(AUTH_VALIDATION.companyNameRequired)).toBeTruthy();
    expect(screen.getByText(PASSWORD_MESSAGES.tooShort)).toBeTruthy();
    expect(screen.getByText(AUTH_VALIDATION.acceptTerms)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('links to the terms in a new tab and to sign-in', async () => {
    await renderInRouter(<RegisterForm onRegistered={() => {}} />);
    const terms = screen.getByRole('link', { name: 'Terms & Conditions' });
    expect(terms.getAttribute('href')).toBe('/terms');
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('sends the details as sign-up expects them and reports success', async () => {
    const calls = stubApi({
      'POST /api/auth/sign-up/email': { status: 200, body: { token: null, user: {} } },
    });
    const onRegistered = vi.fn();
    await renderInRouter(<RegisterForm onRegistered={onRegistered} />);

    fill();
    acceptTerms();
    submit();

    await waitFor(() => expect(onRegistered).toHaveBeenCalledOnce());
    expect(callsTo(calls, 'POST', '/api/auth/sign-up/email')[0]?.body).toEqual({
      email: 'dana@harbourline.example',
      password: 'password1234',
      name: 'Dana Developer',
      firstName: 'Dana',
      lastName: 'Developer',
      phoneNumber: '+61412345678',
      companyName: 'Harbourline Developments',
      acceptTerms: true,
    });
  });

  it('leaves the phone out when none is given', async () => {
    const calls = stubApi({ 'POST /api/auth/sign-up/email': { status: 200, body: {} } });
    const onRegistered = vi.fn();
    await renderInRouter(<RegisterForm onRegistered={onRegistered} />);

    fill({ ...typed, 'Mobile number (optional)': '' });
    acceptTerms();
    submit();

    await waitFor(() => expect(onRegistered).toHaveBeenCalledOnce());
    expect(callsTo(calls, 'POST', '/api/auth/sign-up/email')[0]?.body).not.toHaveProperty('phoneNumber');
  });

  it("puts the server's field messages next to their fields and keeps what was typed", async () => {
    stubApi({
      'POST /api/auth/sign-up/email': apiError(400, 'VALIDATION_FAILED', 'Check the highlighted fields.', {
        password: PASSWORD_MESSAGES.common,
        companyName: 'Use at most 200 characters.',
      }),
    });
    const onRegistered = vi.fn();
    await renderInRouter(<RegisterForm onRegistered={onRegistered} />);

    fill();
    acceptTerms();
    submit();

    expect(await screen.findByText(PASSWORD_MESSAGES.common)).toBeTruthy();
    expect(screen.getByText('Use at most 200 characters.')).toBeTruthy();
    expect(descriptionOf(screen.getByLabelText('Password'))).toContain(PASSWORD_MESSAGES.common);
    expect(descriptionOf(screen.getByLabelText('Organisation'))).toContain('Use at most 200 characters.');
    expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).not.toBe('true');
    for (const [label, value] of Object.entries(typed)) expect(inputValue(label)).toBe(value.trim());
    expect((screen.getByRole('checkbox', { name: /I accept the/ }) as HTMLInputElement).checked).toBe(true);
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it("shows a refusal without fields (an existing account) as the form's message", async () => {
    stubApi({
      'POST /api/auth/sign-up/email': apiError(
        422,
        'USER_ALREADY_EXISTS',
        'We could not create an account with these details.',
      ),
    });
    await renderInRouter(<RegisterForm onRegistered={() => {}} />);

    fill();
    acceptTerms();
    submit();

    expect(await screen.findByText('We could not create an account with these details.')).toBeTruthy();
    expect(inputValue('Email')).toBe(typed.Email.trim());
  });
});
