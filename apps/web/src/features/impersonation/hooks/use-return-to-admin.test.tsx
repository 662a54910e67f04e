import { ADMIN_MAGIC_TOKEN_KEY, MESSAGES, STORAGE_KEYS } from '@offplan/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analytics } from '../../../lib/analytics/tracker.ts';
import { APP_SCOPE_META, createQueryClient } from '../../../lib/query-client.ts';
import { ok, stubApi } from '../../../test/api-stub.ts';
import { useReturnToAdmin } from './use-return-to-admin.ts';

function setup(isAdmin: boolean) {
  const queryClient = createQueryClient();
  // App-wide facts (the site) are kept across users; everything else is the user's.
  queryClient.getQueryCache().build(queryClient, { queryKey: ['site'], meta: APP_SCOPE_META });
  queryClient.setQueryData(['site'], { siteName: 'Offplan Portal' });
  queryClient.setQueryData(['user-projects'], { projectIds: [1] });
  const navigate = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useReturnToAdmin({ isAdmin, navigate }), { wrapper });
  return { result, navigate, queryClient };
}

beforeEach(() => {
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('useReturnToAdmin (spec §6 Return to Admin)', () => {
  it('offers the return when a token is stored and the user is not an admin', () => {
    window.sessionStorage.setItem(ADMIN_MAGIC_TOKEN_KEY, 'magic-1');
    expect(setup(false).result.current.canReturn).toBe(true);
  });

  it('never offers it to an admin, token or not', () => {
    window.sessionStorage.setItem(ADMIN_MAGIC_TOKEN_KEY, 'magic-1');
    expect(setup(true).result.current.canReturn).toBe(false);
  });

  it('does not offer it without a token', () => {
    expect(setup(false).result.current.canReturn).toBe(false);
  });

  it("logs 'Admin magic token not found' and does nothing else when the token is missing", async () => {
    const calls = stubApi();
    const { result, navigate, queryClient } = setup(false);

    await act(() => result.current.returnToAdmin());

    expect(vi.mocked(console.error).mock.calls).toEqual([[MESSAGES.adminMagicTokenNotFound]]);
    vi.mocked(console.error).mockClear();
    expect(calls).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(['user-projects'])).toEqual({ projectIds: [1] });
    expect(result.current.returning).toBe(false);
  });

  it('removes the token, drops user data, signs out, then loads /connect with the token', async () => {
    window.sessionStorage.setItem(ADMIN_MAGIC_TOKEN_KEY, 'magic/+1');
    const order: string[] = [];
    stubApi({
      'POST /api/auth/sign-out': ({ method, path }) => {
        order.push(`${method} ${path}`);
        // By the time the server is asked, the token is out of storage.
        expect(window.sessionStorage.getItem(ADMIN_MAGIC_TOKEN_KEY)).toBeNull();
        return ok({ success: true });
      },
    });
    const { result, navigate, queryClient } = setup(false);
    navigate.mockImplementation((href: string) => order.push(`navigate ${href}`));

    await act(() => result.current.returnToAdmin());

    expect(order).toEqual([
      'POST /api/auth/sign-out',
      'navigate /connect?token=magic%2F%2B1&returnToUsers=true',
    ]);
    expect(queryClient.getQueryData(['user-projects'])).toBeUndefined();
    expect(queryClient.getQueryData(['site'])).toEqual({ siteName: 'Offplan Portal' });
  });

  it("runs the spec §4 logout cleanup on the user's way out", async () => {
    window.sessionStorage.setItem(ADMIN_MAGIC_TOKEN_KEY, 'magic-3');
    window.localStorage.setItem(STORAGE_KEYS.siteColor, 'dark');
    window.localStorage.setItem(STORAGE_KEYS.toggleSidebar, 'true');
    window.localStorage.setItem(STORAGE_KEYS.reportingSelections, '[1]');
    stubApi();
    const { result } = setup(false);

    await act(() => result.current.returnToAdmin());

    expect(window.localStorage.getItem(STORAGE_KEYS.siteColor)).toBe('light');
    expect(window.localStorage.getItem(STORAGE_KEYS.toggleSidebar)).toBe('false');
    expect(window.localStorage.getItem(STORAGE_KEYS.reportingSelections)).toBeNull();
  });

  it("forgets the user's analytics identity, as /logout does: the admin starts on a new device id", async () => {
    window.sessionStorage.setItem(ADMIN_MAGIC_TOKEN_KEY, 'magic-4');
    stubApi();
    const before = analytics.state().deviceId;
    const { result } = setup(false);

    await act(() => result.current.returnToAdmin());

    expect(analytics.state().deviceId).not.toBe(before);
    expect(analytics.state().userId).toBeNull();
  });

  it('still returns to the admin when the sign-out call fails', async () => {
    window.sessionStorage.setItem(ADMIN_MAGIC_TOKEN_KEY, 'magic-2');
    stubApi({
      'POST /api/auth/sign-out': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { result, navigate } = setup(false);

    await act(() => result.current.returnToAdmin());

    expect(navigate).toHaveBeenCalledExactlyOnceWith('/connect?token=magic-2&returnToUsers=true');
  });
});
