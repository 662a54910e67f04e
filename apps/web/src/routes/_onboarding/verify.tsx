import type { AuthSession } from '@offplan/shared';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { sessionQueryOptions } from '../../features/auth/api/session.ts';
import { VerifyEmailToken } from '../../features/auth/components/verify-email-token.tsx';
import { postVerificationPath } from '../../features/auth/session-routing.ts';
import { usePageTitle } from '../../features/site/hooks/use-page-title.ts';
import { searchOf, searchString } from '../../lib/search-params.ts';

const readVerifySearch = searchOf({ token: searchString });

/** The emailed verification link, /verify?token= (public, signed in or not: opening it signs the user in). */
export const Route = createFileRoute('/_onboarding/verify')({
  validateSearch: readVerifySearch,
  beforeLoad: async ({ context }) => {
    // Read-only: the token is spent by the page, never by a preload.
    const session = await context.queryClient.fetchQuery(sessionQueryOptions()).catch(() => null);
    return { session };
  },
  component: VerifyRoute,
});

function VerifyRoute() {
  const { token } = Route.useSearch();
  const { session } = Route.useRouteContext();
  const navigate = useNavigate();
  usePageTitle('Confirm your email');
  const onVerified = useCallback(
    (verified: AuthSession | null) => void navigate({ href: postVerificationPath(verified), replace: true }),
    [navigate],
  );
  return <VerifyEmailToken token={token ?? ''} session={session} onVerified={onVerified} />;
}
