import { ADMIN_MAGIC_TOKEN_KEY } from '@offplan/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { ActAsUserButton } from './act-as-user-button.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('ActAsUserButton (contract "Starting")', () => {
  it('starts acting as the user: token into session storage, user data dropped, full load of /dashboard', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      jsonResponse(200, { magicToken: 'magic-token-1', userId: 'u2' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const navigate = vi.fn();
    const { queryClient } = renderWithProviders(
      <ActAsUserButton userId="u2" userName="Dana Developer" refusal={null} navigate={navigate} />,
    );
    queryClient.setQueryData(['admin', 'users', 'detail', 'u2'], { id: 'u2' });

    fireEvent.click(screen.getByRole('button', { name: 'Act as this user' }));

    await waitFor(() => expect(navigate).toHaveBeenCalledExactlyOnceWith('/dashboard'));
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    expect(new URL(String(input)).pathname).toBe('/api/auth/impersonation/start');
    expect(JSON.parse(String(init?.body))).toEqual({ userId: 'u2' });
    expect(window.sessionStorage.getItem(ADMIN_MAGIC_TOKEN_KEY)).toBe('magic-token-1');
    expect(queryClient.getQueryData(['admin', 'users', 'detail', 'u2'])).toBeUndefined();
  });

  it('is disabled and shows why when the server refuses impersonation', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <ActAsUserButton
        userId="u3"
        userName="Opted Out"
        refusal="This user has opted out of impersonation."
      />,
    );

    const button = screen.getByRole('button', { name: 'Act as this user' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('This user has opted out of impersonation.')).toBeTruthy();
    expect(button.getAttribute('aria-describedby')).toBe(
      screen.getByText('This user has opted out of impersonation.').id,
    );
  });

  it("shows the server's refusal and stores nothing when starting fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'Admins cannot act as other admins.' } }),
      ),
    );
    const navigate = vi.fn();
    renderWithProviders(
      <ActAsUserButton userId="u4" userName="Ada Admin" refusal={null} navigate={navigate} />,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Act as this user' }));

    expect(await screen.findByText('Admins cannot act as other admins.')).toBeTruthy();
    expect(window.sessionStorage.getItem(ADMIN_MAGIC_TOKEN_KEY)).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });
});
