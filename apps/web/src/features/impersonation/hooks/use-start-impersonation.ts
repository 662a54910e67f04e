import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiClientError } from '../../../lib/api-client.ts';
import { clearUserData } from '../../../lib/query-client.ts';
import { canStoreAdminMagicToken, storeAdminMagicToken } from '../admin-magic-token.ts';
import { startImpersonation } from '../api/impersonation.ts';

export const STORAGE_UNAVAILABLE_MESSAGE =
  'This browser tab cannot keep the key that brings you back to your admin account. Allow site storage for this portal and try again.';

function assignLocation(href: string): void {
  window.location.assign(href);
}

/**
 * Contract "Starting": POST /api/auth/impersonation/start, the magic token into session storage, the
 * admin's cached data dropped, then a full navigation to /dashboard as the user.
 */
export function useStartImpersonation({
  navigate = assignLocation,
}: {
  navigate?: (href: string) => void;
} = {}) {
  const queryClient = useQueryClient();
  return useMutation<void, ApiClientError, string>({
    mutationFn: async (userId) => {
      // Checked first: once the server has switched the session, a token that cannot be kept strands the admin.
      if (!canStoreAdminMagicToken()) {
        throw new ApiClientError({
          status: 0,
          code: 'STORAGE_UNAVAILABLE',
          message: STORAGE_UNAVAILABLE_MESSAGE,
        });
      }
      const { magicToken } = await startImpersonation(userId);
      storeAdminMagicToken(magicToken);
    },
    onSuccess: () => {
      clearUserData(queryClient);
      navigate('/dashboard');
    },
  });
}
