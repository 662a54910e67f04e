import { describe, expect, it } from 'vitest';
import { isPublicPath, loginRedirectFor, safeRedirectPath } from './routes.ts';

describe('isPublicPath (spec §2 public routes)', () => {
  it.each([
    '/activate',
    '/forgot-password',
    '/forgot-password/abc123',
    '/terms',
    '/register',
    '/verify-email',
    '/connect',
    '/login',
    '/login/verify-otp',
    '/logout',
    '/users',
  ])('%s is public', (path) => expect(isPublicPath(path)).toBe(true));

  it.each(['/', '/dashboard', '/projects', '/registered-things', '/terms-of-trade', '/profile'])(
    '%s needs a session',
    (path) => expect(isPublicPath(path)).toBe(false),
  );
});

describe('loginRedirectFor (spec §4 session routing)', () => {
  it('carries the original path and query', () => {
    expect(loginRedirectFor('/dashboard', '?sort=title')).toBe('/login?redirect=%2Fdashboard%3Fsort%3Dtitle');
  });

  it('adds no redirect for the root, for logout, or when one exists already', () => {
    expect(loginRedirectFor('/')).toBe('/login');
    expect(loginRedirectFor('/logout')).toBe('/login');
    expect(loginRedirectFor('/dashboard', '?redirect=%2Fleads')).toBe('/login');
  });
});

describe('safeRedirectPath', () => {
  it('keeps same-site paths', () => expect(safeRedirectPath('/projects?x=1')).toBe('/projects?x=1'));
  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '',
    null,
    undefined,
  ])('refuses %s', (value) => expect(safeRedirectPath(value)).toBe('/dashboard'));
});
