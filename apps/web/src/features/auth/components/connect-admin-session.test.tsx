import { screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_SCOPE_META, createQueryClient } from '../../../lib/query-client.ts';
import { apiError, callsTo, renderInRouter, stubApi } from '../test-utils.tsx';
import { CONNECT_INVALID_MESSAGE, ConnectAdminSession } from './connect-admin-session.tsx';

const CONNECT = '/api/auth/impersonation/connect';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ConnectAdminSession (spec §6 Return to Admin)', () => {
  it("trades the token once, drops the acted-as user's data and hands over redirectTo", async () => {
    const calls = stubApi({ [`POST ${CONNECT}`]: { status: 200, body: { redirectTo: '/users' } } });
    const queryClient = createQueryClient();
    queryClient.setQueryData(['user-projects'], { projects: ['of the user acted as'] });
    queryClient.setQueryDefaults(['site'], { meta: APP_SCOPE_META });
    queryClient.setQueryData(['site'], { siteName: 'Offplan Portal' });
    const onConnected = vi.fn();

    // StrictMode runs effects twice: the single-use token must still be sent once.
    await renderInRouter(
      <StrictMode>
        <ConnectAdminSession token="magic-123" onConnected={onConnected} />
      </StrictMode>,
      { queryClient },
    );

    expect(screen.getByText('Returning you to your admin session…')).toBeTruthy();
    await waitFor(() => expect(onConnected).toHaveBeenCalledWith('/users'));
    expect(callsTo(calls, 'POST', CONNECT).map((call) => call.body)).toEqual([{ token: 'magic-123' }]);
    expect(queryClient.getQueryData(['user-projects'])).toBeUndefined();
    expect(queryClient.getQueryData(['site'])).toEqual({ siteName: 'Offplan Portal' });
  });

  it('says the link is no longer valid and leads to sign-in when the token is refused', async () => {
    stubApi({ [`POST ${CONNECT}`]: apiError(400, 'INVALID_TOKEN', 'Invalid token.') });
    const onConnected = vi.fn();
    await renderInRouter(<ConnectAdminSession token="spent" onConnected={onConnected} />);

    expect(await screen.findByText(CONNECT_INVALID_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(onConnected).not.toHaveBeenCalled();
  });

  it('says the same without a token, calling nobody', async () => {
    const calls = stubApi();
    await renderInRouter(<ConnectAdminSession token="" onConnected={() => {}} />);

    expect(screen.getByText(CONNECT_INVALID_MESSAGE)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
