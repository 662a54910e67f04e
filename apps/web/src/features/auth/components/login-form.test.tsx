import { MESSAGES } from '@offplan/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, ok, stubApi } from '../../../test/api-stub.ts';
import { renderInRouter } from '../test-utils.tsx';
import { AUTH_VALIDATION as LOGIN_VALIDATION } from '../validation.ts';
import { LoginForm } from './login-form.tsx';
import { PASSWORD_RESET_NOTICE } from './login-notice-loader.ts';

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoginForm', () => {
  it("renders the 'Sign in' heading, the Email and Password fields and the button", async () => {
    await renderInRouter(
      <LoginForm sessionRequired={false} onSignedIn={() => {}} onTwoFactorRequired={() => {}} />,
    );
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByText(MESSAGES.sessionRequired)).toBeNull();
    expect(screen.queryByText(PASSWORD_RESET_NOTICE)).toBeNull();
  });

  it('links to password reset and registration', async () => {
    await renderInRouter(
      <LoginForm sessionRequired={false} onSignedIn={() => {}} onTwoFactorRequired={() => {}} />,
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');
  });

  it('confirms a password reset (/login?reset=1)', async () => {
    await renderInRouter(
      <LoginForm
        sessionRequired={false}
        passwordReset
        onSignedIn={() => {}}
        onTwoFactorRequired={() => {}}
      />,
    );
    expect(await screen.findByText(PASSWORD_RESET_NOTICE)).toBeTruthy();
  });

  it('shows a message next to each empty field and calls nobody', async () => {
    const calls = stubApi();
    await renderInRouter(
      <LoginForm sessionRequired={false} onSignedIn={() => {}} onTwoFactorRequired={() => {}} />,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(LOGIN_VALIDATION.emailRequired)).toBeTruthy();
    expect(screen.getByText(LOGIN_VALIDATION.passwordRequired)).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('refuses a malformed email and keeps what was typed', async () => {
    await renderInRouter(
      <LoginForm sessionRequired={false} onSignedIn={() => {}} onTwoFactorRequired={() => {}} />,
    );

    fillAndSubmit('not-an-email', 'secret-password');

    expect(await screen.findByText(LOGIN_VALIDATION.emailInvalid)).toBeTruthy();
    expect(screen.queryByText(LOGIN_VALIDATION.passwordRequired)).toBeNull();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('not-an-email');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('secret-password');
  });

  it('explains why the visitor was sent here when the session was required (spec §8)', async () => {
    await renderInRouter(<LoginForm sessionRequired onSignedIn={() => {}} onTwoFactorRequired={() => {}} />);
    expect(screen.getByText(MESSAGES.sessionRequired)).toBeTruthy();
  });

  it("shows the server's message on a refused sign-in and keeps the typed values", async () => {
    // What the API answers for a wrong email or password (apps/api/src/modules/auth/auth.handlers.ts).
    stubApi({
      'POST /api/auth/sign-in/email': apiError(401, 'INVALID_CREDENTIALS', 'Incorrect email or password.'),
    });
    const onSignedIn = vi.fn();
    await renderInRouter(
      <LoginForm sessionRequired={false} onSignedIn={onSignedIn} onTwoFactorRequired={() => {}} />,
    );

    fillAndSubmit('dev@example.com', 'wrong-password-123');

    expect(await screen.findByText('Incorrect email or password.')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('dev@example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('wrong-password-123');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('signs in through better-auth and reports success', async () => {
    const calls = stubApi({
      'POST /api/auth/sign-in/email': ok({
        redirect: false,
        token: 't',
        user: { id: 'u1', email: 'dev@example.com' },
      }),
    });
    const onSignedIn = vi.fn();
    await renderInRouter(
      <LoginForm sessionRequired={false} onSignedIn={onSignedIn} onTwoFactorRequired={() => {}} />,
    );

    fillAndSubmit('  dev@example.com ', 'correct-horse-battery');

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    const [call] = calls;
    expect(call?.path).toMatch(/\/api\/auth\/sign-in\/email$/);
    expect(call?.body).toMatchObject({
      email: 'dev@example.com',
      password: 'correct-horse-battery',
    });
  });

  it('hands over the masked phone when two-step sign-in is on, without signing in', async () => {
    stubApi({ 'POST /api/auth/sign-in/email': ok({ twoFactorRedirect: true, phoneHint: '•••• ••• 678' }) });
    const onSignedIn = vi.fn();
    const onTwoFactorRequired = vi.fn();
    await renderInRouter(
      <LoginForm sessionRequired={false} onSignedIn={onSignedIn} onTwoFactorRequired={onTwoFactorRequired} />,
    );

    fillAndSubmit('dev@example.com', 'correct-horse-battery');

    await waitFor(() => expect(onTwoFactorRequired).toHaveBeenCalledWith('•••• ••• 678'));
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
