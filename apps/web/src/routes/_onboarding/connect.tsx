import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ConnectAdminSession } from '../../features/auth/components/connect-admin-session.tsx';
import { adminReturnPath } from '../../features/auth/session-routing.ts';
import { usePageTitle } from '../../features/site/hooks/use-page-title.ts';
import { searchAsString, searchOf, searchString } from '../../lib/search-params.ts';

const readConnectSearch = searchOf({
  token: searchString,
  /** Spec §6: 'true' when coming back from 'Return to Admin'. */
  returnToUsers: searchAsString,
});

/**
 * /connect?token=&returnToUsers=true (spec §6): restores the admin's own session after acting as a
 * user. Public: 'Return to Admin' has already signed the user out.
 */
export const Route = createFileRoute('/_onboarding/connect')({
  validateSearch: readConnectSearch,
  component: ConnectRoute,
});

function ConnectRoute() {
  const { token, returnToUsers } = Route.useSearch();
  const navigate = useNavigate();
  usePageTitle('Returning to admin');
  const onConnected = useCallback(
    (redirectTo: string) =>
      void navigate({ href: adminReturnPath(redirectTo, returnToUsers === 'true'), replace: true }),
    [navigate, returnToUsers],
  );
  return <ConnectAdminSession token={token ?? ''} onConnected={onConnected} />;
}
