import { describe, expect, it } from 'vitest';
import { SESSION_REQUIRED_ERROR } from './messages.ts';
import { isPublicPath, loginRedirectFor, safeRedirectPath, sessionRequiredRedirectFor } from './routes.ts';

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

describe('sessionRequiredRedirectFor (spec §8 session required)', () => {
  it('sends to sign-in with error=SessionRequired and the original path and query', () => {
    expect(sessionRequiredRedirectFor('/dashboard')).toBe(
      '/login?error=SessionRequired&redirect=%2Fdashboard',
    );
    expect(sessionRequiredRedirectFor('/dashboard', '?sort=title')).toBe(
      '/login?error=SessionRequired&redirect=%2Fdashboard%3Fsort%3Dtitle',
    );
  });

  it('uses the error value the sign-in page recognises', () => {
    const params = new URLSearchParams(sessionRequiredRedirectFor('/dashboard').split('?')[1]);
    expect(params.get('error')).toBe(SESSION_REQUIRED_ERROR);
  });

  it('adds no redirect for the root, for logout, or when one exists already (as loginRedirectFor)', () => {
    expect(sessionRequiredRedirectFor('/')).toBe('/login?error=SessionRequired');
    expect(sessionRequiredRedirectFor('/logout')).toBe('/login?error=SessionRequired');
    expect(sessionRequiredRedirectFor('/dashboard', '?redirect=%2Fleads')).toBe(
      '/login?error=SessionRequired',
    );
  });
});

describe('safeRedirectPath', () => {
  it.each([
    '/projects?x=1',
    '/dashboard',
    '/dashboard?sort=title',
    '/projects/',
    '/projects/42/summary',
    '/login?redirect=%2Fleads',
    '/reporting?from=2026-01-01&to=2026-03-31#chart',
    '/search?q=a%2Fb%5Cc',
    '/search?url=https://example.com//x',
  ])('keeps the same-site path %s', (value) => expect(safeRedirectPath(value)).toBe(value));

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '/projects\\..\\..\\evil',
    '/dashboard?next=\\evil',
    'javascript:alert(1)',
    '',
    null,
    undefined,
    // Browsers strip tabs and newlines, turning these into //evil.example.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/\u0000/evil.example',
    '/dashboard?x=\n',
    // Percent-encoded separators and control characters in the path.
    '/%2F%2Fevil.example',
    '/%2f%2fevil.example',
    '/%2Fevil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/projects/%2F/evil.example',
    // Empty and dot segments that normalise into //evil.example.
    '///evil.example',
    '/.//evil.example',
    '/./evil.example',
    '/../evil.example',
    '/%2e//evil.example',
    '/%2E%2E/evil.example',
    '/projects//evil.example',
  ])('refuses %j', (value) => expect(safeRedirectPath(value)).toBe('/dashboard'));

  it('uses the given fallback', () => expect(safeRedirectPath('//evil.example', '/')).toBe('/'));
});
