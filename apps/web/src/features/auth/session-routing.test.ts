import { describe, expect, it } from 'vitest';
import { postSignInPath, sessionRedirect } from './session-routing.ts';

const verified = { user: { emailVerified: true } };
const unverified = { user: { emailVerified: false } };

describe('sessionRedirect (spec §4 session routing)', () => {
  it('sends visitors without a session to sign-in with the original path', () => {
    expect(sessionRedirect({ pathname: '/dashboard', searchStr: '?sort=title' }, null)).toBe(
      '/login?redirect=%2Fdashboard%3Fsort%3Dtitle',
    );
  });

  it('sends a visitor of the root to sign-in without a redirect', () => {
    expect(sessionRedirect({ pathname: '/', searchStr: '' }, null)).toBe('/login');
  });

  it('leaves public paths alone', () => {
    expect(sessionRedirect({ pathname: '/verify-email', searchStr: '' }, null)).toBeNull();
    expect(sessionRedirect({ pathname: '/login', searchStr: '' }, unverified)).toBeNull();
  });

  it('sends signed-in users with an unverified email to /verify-email', () => {
    expect(sessionRedirect({ pathname: '/dashboard', searchStr: '' }, unverified)).toBe('/verify-email');
  });

  it('lets verified users stay', () => {
    expect(sessionRedirect({ pathname: '/dashboard', searchStr: '' }, verified)).toBeNull();
  });
});

describe('postSignInPath', () => {
  it('defaults to the dashboard', () => {
    expect(postSignInPath(undefined)).toBe('/dashboard');
  });

  it('keeps a same-origin path with its query', () => {
    expect(postSignInPath('/dashboard?sort=title')).toBe('/dashboard?sort=title');
  });

  it('refuses other origins', () => {
    expect(postSignInPath('//evil.example/phish')).toBe('/dashboard');
    expect(postSignInPath('https://evil.example')).toBe('/dashboard');
  });

  it('never returns into sign-in or sign-out', () => {
    expect(postSignInPath('/login?redirect=%2Fleads')).toBe('/dashboard');
    expect(postSignInPath('/logout')).toBe('/dashboard');
  });
});
