import { ADMIN_MAGIC_TOKEN_KEY } from '@offplan/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, ok, stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ActAsUserButton } from './act-as-user-button.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('ActAsUserButton (contract "Starting")', () => {
  it('starts acting as the user: token into session storage, user data dropped, full load of /dashboard', async () => {
    const calls = stubApi({
      'POST /api/auth/impersonation/start': ok({ magicToken: 'magic-token-1', userId: 'u2' }),
    });
    const navigate = vi.fn();
    const { queryClient } = renderWithProviders(
      <ActAsUserButton userId="u2" userName="Dana Developer" refusal={null} navigate={navigate} />,
    );
    queryClient.setQueryData(['admin', 'users', 'detail', 'u2'], { id: 'u2' });

    fireEvent.click(screen.getByRole('button', { name: 'Act as this user' }));

    await waitFor(() => expect(navigate).toHaveBeenCalledExactlyOnceWith('/dashboard'));
    const [call] = calls;
    expect(call?.path).toBe('/api/auth/impersonation/start');
    expect(call?.body).toEqual({ userId: 'u2' });
    expect(window.sessionStorage.getItem(ADMIN_MAGIC_TOKEN_KEY)).toBe('magic-token-1');
    expect(queryClient.getQueryData(['admin', 'users', 'detail', 'u2'])).toBeUndefined();
  });

  it('is disabled and shows why when the server refuses impersonation', () => {
    stubApi();
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
    stubApi({
      'POST /api/auth/impersonation/start': apiError(403, 'FORBIDDEN', 'Admins cannot act as other admins.'),
    });
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
