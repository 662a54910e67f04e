import { describe, expect, it } from 'vitest';
import {
  adminReturnPath,
  homePathFor,
  mainLayoutAccess,
  postSignInPath,
  postVerificationPath,
  signedInHomePath,
} from './session-routing.ts';

const verified = { user: { emailVerified: true, jobRoleId: 1 } };
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

  it('sends a portal user without a job role to /role first, but not an admin or an admin acting as them', () => {
    const noRole = { user: { emailVerified: true, jobRoleId: null } };
    expect(mainLayoutAccess({ pathname: '/dashboard', searchStr: '' }, noRole)).toEqual({
      redirect: '/role',
    });
    expect(mainLayoutAccess({ pathname: '/role', searchStr: '' }, noRole)).toEqual({ session: noRole });
    const admin = { user: { emailVerified: true, jobRoleId: null, role: 'admin' } };
    expect(mainLayoutAccess({ pathname: '/users', searchStr: '' }, admin)).toEqual({ session: admin });
    const acting = { ...noRole, session: { impersonatedBy: 'admin-1' } };
    expect(mainLayoutAccess({ pathname: '/dashboard', searchStr: '' }, acting)).toEqual({ session: acting });
  });
});

describe('postSignInPath', () => {
  const portal = { role: 'user' };

  it("defaults to a portal user's dashboard", () => {
    expect(postSignInPath(undefined, portal)).toBe('/dashboard');
  });

  it('keeps a same-origin path with its query', () => {
    expect(postSignInPath('/dashboard?sort=title', portal)).toBe('/dashboard?sort=title');
  });

  it('refuses other origins', () => {
    expect(postSignInPath('//evil.example/phish', portal)).toBe('/dashboard');
    expect(postSignInPath('https://evil.example', portal)).toBe('/dashboard');
    expect(postSignInPath('/\t/evil.example', portal)).toBe('/dashboard');
    expect(postSignInPath('/%2F%2Fevil.example', portal)).toBe('/dashboard');
  });

  it('never returns into sign-in or sign-out', () => {
    expect(postSignInPath('/login?redirect=%2Fleads', portal)).toBe('/dashboard');
    expect(postSignInPath('/logout', portal)).toBe('/dashboard');
  });
});

describe("homePathFor (issue 22 part 4: admins' home is /users)", () => {
  it('sends a platform admin to /users and everyone else to the dashboard', () => {
    expect(homePathFor({ role: 'admin' })).toBe('/users');
    expect(homePathFor({ role: 'user,admin' })).toBe('/users');
    expect(homePathFor({ role: 'user' })).toBe('/dashboard');
    expect(homePathFor({})).toBe('/dashboard');
  });

  it('is where sign-in, /register and verification lead an admin without a redirect', () => {
    const admin = { emailVerified: true, role: 'admin' };
    expect(postSignInPath(undefined, admin)).toBe('/users');
    expect(postSignInPath('/logout', admin)).toBe('/users');
    expect(postSignInPath('/projects', admin)).toBe('/projects');
    expect(signedInHomePath(admin)).toBe('/users');
    expect(postVerificationPath({ user: { jobRoleId: null, role: 'admin' } })).toBe('/users');
  });

  it('leaves the choice to the home route when the user is not known yet (just signed in)', () => {
    expect(postSignInPath(undefined)).toBe('/');
    expect(postSignInPath('/login')).toBe('/');
  });
});

describe('signedInHomePath', () => {
  it('sends a verified user to the dashboard and an unverified one to /verify-email', () => {
    expect(signedInHomePath({ emailVerified: true })).toBe('/dashboard');
    expect(signedInHomePath({ emailVerified: false })).toBe('/verify-email');
  });
});

describe('postVerificationPath (design §1: a role is chosen after verifying)', () => {
  it('goes to /role until a job role is chosen, then to the dashboard', () => {
    expect(postVerificationPath({ user: { jobRoleId: null } })).toBe('/role');
    expect(postVerificationPath({ user: {} })).toBe('/role');
    expect(postVerificationPath({ user: { jobRoleId: 8 } })).toBe('/dashboard');
  });

  it('goes to sign-in, and then /role, when the session cannot be read', () => {
    expect(postVerificationPath(null)).toBe('/login?redirect=%2Frole');
  });
});

describe('adminReturnPath (spec §6 Return to Admin)', () => {
  it("follows the server's redirectTo when returning to users", () => {
    expect(adminReturnPath('/users', true)).toBe('/users');
  });

  it('never leaves the origin', () => {
    expect(adminReturnPath('//evil.example', true)).toBe('/users');
    expect(adminReturnPath('https://evil.example', true)).toBe('/users');
  });

  it('goes to the dashboard without returnToUsers', () => {
    expect(adminReturnPath('/users', false)).toBe('/dashboard');
  });
});
