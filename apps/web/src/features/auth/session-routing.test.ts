import { describe, expect, it } from 'vitest';
import { mainLayoutAccess, postSignInPath } from './session-routing.ts';

const verified = { user: { emailVerified: true } };
const unverified = { user: { emailVerified: false } };

describe('mainLayoutAccess (spec §4: every main-layout page needs a verified user)', () => {
  it.each(['/dashboard', '/users', '/users/42', '/projects', '/'])(
    'sends an unverified user on %s to /verify-email, public path or not',
    (pathname) => {
      expect(mainLayoutAccess({ pathname, searchStr: '' }, unverified)).toEqual({
        redirect: '/verify-email',
      });
    },
  );

  it('sends a visitor without a session to sign-in, even on a path the spec calls public', () => {
    expect(mainLayoutAccess({ pathname: '/users', searchStr: '?page=2' }, null)).toEqual({
      redirect: '/login?redirect=%2Fusers%3Fpage%3D2',
    });
    expect(mainLayoutAccess({ pathname: '/', searchStr: '' }, null)).toEqual({ redirect: '/login' });
  });

  it('lets a verified user in and hands back the session', () => {
    expect(mainLayoutAccess({ pathname: '/users', searchStr: '' }, verified)).toEqual({ session: verified });
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
    expect(postSignInPath('/\t/evil.example')).toBe('/dashboard');
    expect(postSignInPath('/%2F%2Fevil.example')).toBe('/dashboard');
  });

  it('never returns into sign-in or sign-out', () => {
    expect(postSignInPath('/login?redirect=%2Fleads')).toBe('/dashboard');
    expect(postSignInPath('/logout')).toBe('/dashboard');
  });
});
