import { JOB_ROLES } from '@offplan/shared';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setEmailNotVerifiedHandler, setSessionRequiredHandler } from '../../lib/api-client.ts';
import { INVITATION_INVALID_MESSAGE } from './components/activate-form.tsx';
import { PASSWORD_RESET_NOTICE } from './components/login-notice-loader.ts';
import { SIGN_IN_EXPIRED_MESSAGE } from './components/sign-in-expired.tsx';
import { VERIFY_LINK_INVALID_MESSAGE } from './components/verify-email-token.tsx';
import { apiError, callsTo, renderAppAt, stubApi, testSession } from './test-utils.tsx';

/** The public auth and onboarding pages as the browser meets them: real routes, guards and layouts. */

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  setSessionRequiredHandler(null);
  setEmailNotVerifiedHandler(null);
});

describe('two-step sign-in (design §7)', () => {
  it('goes from the password to the texted code and on to where the user was going', async () => {
    let signedIn = false;
    const calls = stubApi({
      'GET /api/auth/get-session': () => ({ status: 200, body: signedIn ? testSession() : null }),
      'POST /api/auth/sign-in/email': {
        status: 200,
        body: { twoFactorRedirect: true, phoneHint: '•••• ••• 678' },
      },
      'POST /api/auth/two-factor/send-otp': { status: 200, body: { status: true } },
      'POST /api/auth/two-factor/verify-otp': () => {
        signedIn = true;
        return { status: 200, body: { token: 't' } };
      },
    });
    const { router } = renderAppAt('/login?redirect=%2Fterms');

    fireEvent.change(await screen.findByLabelText('Email'), {
      target: { value: 'dana@harbourline.example' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse-battery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: "Confirm it's you" })).toBeTruthy();
    expect(router.state.location.href).toBe('/login/verify-phone?redirect=%2Fterms');
    expect(screen.getByText('•••• ••• 678')).toBeTruthy();
    expect(document.title).toBe('Confirm your phone · Offplan Portal');

    fireEvent.click(screen.getByRole('button', { name: 'Text me a code' }));

    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeTruthy();
    expect(router.state.location.href).toBe('/login/verify-otp?redirect=%2Fterms');
    expect(screen.getByText('•••• ••• 678')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Terms & Conditions' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/terms');
    expect(callsTo(calls, 'POST', '/api/auth/two-factor/verify-otp')[0]?.body).toEqual({ code: '246810' });
    expect(window.sessionStorage.length).toBe(0);
  });

  it.each([
    ['its own code', 'INVALID_TWO_FACTOR_COOKIE'],
    ['SessionRequired', 'SessionRequired'],
  ])(
    'explains an expired sign-in step (a 401 with %s) at /login/verify-phone and leads back to sign-in',
    async (_, code) => {
      stubApi({ 'POST /api/auth/two-factor/send-otp': apiError(401, code, 'Invalid two factor cookie') });
      const { router } = renderAppAt('/login/verify-phone?redirect=%2Fleads');

      fireEvent.click(await screen.findByRole('button', { name: 'Text me a code' }));

      expect(await screen.findByText(SIGN_IN_EXPIRED_MESSAGE)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe(
        '/login?redirect=%2Fleads',
      );
      expect(router.state.location.pathname).toBe('/login/verify-phone');
    },
  );
});

describe('email verification link (/verify)', () => {
  it('confirms the address, reads the new session and goes to /role to choose a job role', async () => {
    let verified = false;
    const calls = stubApi({
      'GET /api/auth/get-session': () => ({
        status: 200,
        body: testSession({ emailVerified: verified, jobRoleId: null }),
      }),
      'GET /api/auth/verify-email': () => {
        verified = true;
        return { status: 200, body: { status: true } };
      },
    });
    const { router } = renderAppAt('/verify?token=good-token');

    expect(await screen.findByRole('heading', { name: 'What do you do?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/role');
    const verifyCalls = callsTo(calls, 'GET', '/api/auth/verify-email');
    expect(verifyCalls.map((call) => call.url.searchParams.get('token'))).toEqual(['good-token']);
    for (const role of JOB_ROLES)
      expect(screen.getByRole('radio', { name: new RegExp(role.label) })).toBeTruthy();
  });

  it.each([
    [400, 'INVALID_TOKEN'],
    [401, 'INVALID_TOKEN'],
    [401, 'SessionRequired'],
  ])(
    'explains a spent link (%i %s) and, signed out, leads to sign-in for a new one',
    async (status, code) => {
      stubApi({ 'GET /api/auth/verify-email': apiError(status, code, 'Invalid token') });
      const { router } = renderAppAt('/verify?token=spent');

      expect(await screen.findByText(VERIFY_LINK_INVALID_MESSAGE)).toBeTruthy();
      expect(router.state.location.pathname).toBe('/verify');
      expect(screen.getByRole('link', { name: 'Sign in to get a new link' }).getAttribute('href')).toBe(
        '/login',
      );
    },
  );

  it('offers a new link at /verify-email to a signed-in, unverified user', async () => {
    stubApi({
      'GET /api/auth/get-session': { status: 200, body: testSession({ emailVerified: false }) },
      'GET /api/auth/verify-email': apiError(400, 'TOKEN_EXPIRED', 'Token expired'),
    });
    renderAppAt('/verify?token=old');

    expect(await screen.findByText('This verification link has expired.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send a new link' }).getAttribute('href')).toBe('/verify-email');
  });
});

describe('/verify-email', () => {
  it('resends the link to the signed-in address and shows a 429 as it comes', async () => {
    let sends = 0;
    const calls = stubApi({
      'GET /api/auth/get-session': { status: 200, body: testSession({ emailVerified: false }) },
      'POST /api/auth/send-verification-email': () =>
        sends++ === 0
          ? { status: 200, body: { status: true } }
          : apiError(429, 'RATE_LIMITED', 'Too many requests. Try again in a minute.'),
    });
    renderAppAt('/verify-email');

    fireEvent.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(
      await screen.findByText(
        'We sent a new verification link to dana@harbourline.example. It replaces any earlier link.',
      ),
    ).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/auth/send-verification-email')[0]?.body).toEqual({
      email: 'dana@harbourline.example',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Too many requests. Try again in a minute.')).toBeTruthy();
  });
});

describe('onboarding guards', () => {
  it('sends a signed-out visitor of /role to sign-in and back', async () => {
    stubApi();
    const { router } = renderAppAt('/role');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.href).toBe('/login?redirect=%2Frole');
  });

  it('sends a user who already chose a job role from /role to the dashboard (issue 15 finding 2)', async () => {
    stubApi({ 'GET /api/auth/get-session': { status: 200, body: testSession({ jobRoleId: 8 }) } });
    const { router } = renderAppAt('/role');

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('sends a signed-in, unverified user from /register to /verify-email', async () => {
    stubApi({ 'GET /api/auth/get-session': { status: 200, body: testSession({ emailVerified: false }) } });
    const { router } = renderAppAt('/register');

    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/verify-email');
  });

  it('shows /register to a signed-out visitor', async () => {
    stubApi();
    renderAppAt('/register');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(document.title).toBe('Create your account · Offplan Portal');
  });
});

describe('/terms', () => {
  it('is public and names the product', async () => {
    stubApi();
    renderAppAt('/terms');

    expect(await screen.findByRole('heading', { name: 'Terms & Conditions' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: "3. Leads and buyers' personal information" })).toBeTruthy();
    expect(screen.getAllByText(/Offplan Portal/).length).toBeGreaterThan(0);
    expect(document.title).toBe('Terms & Conditions · Offplan Portal');
  });
});

describe('password reset link (/forgot-password/{token})', () => {
  it('sets the new password and shows the notice at sign-in', async () => {
    const calls = stubApi({ 'POST /api/auth/reset-password': { status: 200, body: { status: true } } });
    const { router } = renderAppAt('/forgot-password/reset-tok');

    fireEvent.change(await screen.findByLabelText('New password'), {
      target: { value: 'a long enough passphrase' },
    });
    fireEvent.change(screen.getByLabelText('Confirm new password'), {
      target: { value: 'a long enough passphrase' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText(PASSWORD_RESET_NOTICE)).toBeTruthy();
    expect(router.state.location.href).toBe('/login?reset=1');
    expect(callsTo(calls, 'POST', '/api/auth/reset-password')[0]?.body).toEqual({
      newPassword: 'a long enough passphrase',
      token: 'reset-tok',
    });
  });
});

describe('invitation (/activate)', () => {
  const preview = {
    email: 'sam@harbourline.example',
    firstName: 'Sam',
    lastName: 'Seller',
    organisationName: 'Harbourline Developments',
    expiresAt: '2099-01-01T00:00:00.000Z',
  };

  it("shows the invitee's email and organisation, sets the password and goes on to /role", async () => {
    let activated = false;
    const calls = stubApi({
      'GET /api/auth/get-session': () => ({
        status: 200,
        body: activated ? testSession({ email: preview.email, jobRoleId: null }) : null,
      }),
      'GET /api/invitations/inv-123': { status: 200, body: preview },
      'POST /api/auth/invitation/activate': () => {
        activated = true;
        return { status: 200, body: { token: 't' } };
      },
    });
    const { router } = renderAppAt('/activate?token=inv-123');

    expect(await screen.findByText('Harbourline Developments')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(preview.email);

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a long enough passphrase' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), {
      target: { value: 'a long enough passphrase' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Activate account' }));

    expect(await screen.findByRole('heading', { name: 'What do you do?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/role');
    expect(callsTo(calls, 'POST', '/api/auth/invitation/activate')[0]?.body).toEqual({
      token: 'inv-123',
      password: 'a long enough passphrase',
    });
  });

  it('explains an unknown or expired invitation', async () => {
    stubApi({ 'GET /api/invitations/gone': apiError(404, 'NOT_FOUND', 'Invitation not found.') });
    renderAppAt('/activate?token=gone');

    expect(await screen.findByText(INVITATION_INVALID_MESSAGE)).toBeTruthy();
  });
});
