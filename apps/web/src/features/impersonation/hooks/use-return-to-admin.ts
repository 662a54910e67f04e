import { MESSAGES } from '@offplan/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { clearUserData } from '../../../lib/query-client.ts';
import { endUserSession } from '../../auth/index.ts';
import {
  connectPathFor,
  readAdminMagicToken,
  removeAdminMagicToken,
  showsReturnToAdmin,
} from '../admin-magic-token.ts';

/**
 * The sign-out of impersonation.ts, loaded on the press: that module brings Zod and the accounts
 * schemas, and this hook is in the frame on every signed-in page's first paint (decision 044). Never
 * fails, as that sign-out does: /connect restores the admin's session either way.
 */
async function signOutImpersonatedUser(): Promise<void> {
  const impersonation = await import('../api/impersonation.ts').catch(() => null);
  await impersonation?.signOutImpersonatedUser();
}

export type ReturnToAdminOptions = {
  isAdmin: boolean;
  /** A full page load: the app starts again as the admin. Replaceable in tests. */
  navigate?: (href: string) => void;
};

function assignLocation(href: string): void {
  window.location.assign(href);
}

/**
 * Spec §6 "Return to Admin". `canReturn` is the user menu's rule (token stored and the user is no
 * admin). `returnToAdmin` reads the token; without one it logs MESSAGES.adminMagicTokenNotFound and
 * does nothing else (spec §8). Otherwise: token out of session storage, signed out, a full navigation
 * to /connect?token=…&returnToUsers=true, and the user's cached data dropped.
 */
export function useReturnToAdmin({ isAdmin, navigate = assignLocation }: ReturnToAdminOptions) {
  const queryClient = useQueryClient();
  const [returning, setReturning] = useState(false);
  const canReturn = showsReturnToAdmin({ isAdmin, hasToken: readAdminMagicToken() !== null });

  const returnToAdmin = useCallback(async () => {
    const token = readAdminMagicToken();
    if (!token) {
      console.error(MESSAGES.adminMagicTokenNotFound);
      return;
    }
    setReturning(true);
    removeAdminMagicToken();
    // Requests still in flight for the user (the bell's first load) would otherwise land after the
    // sign-out and answer 401.
    await queryClient.cancelQueries();
    // A sign-out like any other (analytics flushed and reset, spec §4 "Logout cleanup") before the
    // admin's session starts.
    await endUserSession(signOutImpersonatedUser);
    navigate(connectPathFor(token));
    // Dropped only once the page is leaving: dropped earlier, the mounted pages would fetch them
    // again, signed out, and a 401 would start a trip to /login over the trip to /connect.
    clearUserData(queryClient);
  }, [queryClient, navigate]);

  return { canReturn, returning, returnToAdmin };
}
