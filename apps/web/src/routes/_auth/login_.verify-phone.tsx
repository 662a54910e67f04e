import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { sessionQueryOptions } from '../../features/auth/api/session.ts';
import { VerifyPhonePanel } from '../../features/auth/components/verify-phone-panel.tsx';
import { postSignInPath } from '../../features/auth/session-routing.ts';
import { readPhoneHint } from '../../features/auth/two-step-sign-in.ts';
import { usePageTitle } from '../../features/site/hooks/use-page-title.ts';
import { searchOf, searchString } from '../../lib/search-params.ts';

const readTwoStepSearch = searchOf({
  /** Where to go after signing in (validated again by postSignInPath). */
  redirect: searchString,
});

/**
 * Two-step sign-in, first step (design §7). Not nested in /login (`login_`): sign-in's guard and form
 * are not this page's. Reached after a password sign-in answered twoFactorRedirect.
 */
export const Route = createFileRoute('/_auth/login_/verify-phone')({
  validateSearch: readTwoStepSearch,
  beforeLoad: async ({ context, search }) => {
    // Fully signed in already (an old tab, the back button): nothing left to confirm.
    const session = await context.queryClient.fetchQuery(sessionQueryOptions()).catch(() => null);
    if (session) throw redirect({ href: postSignInPath(search.redirect, session.user), replace: true });
  },
  component: VerifyPhoneRoute,
});

function VerifyPhoneRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const [phoneHint] = useState(readPhoneHint);
  usePageTitle('Confirm your phone');
  return (
    <VerifyPhonePanel
      phoneHint={phoneHint}
      redirect={search.redirect}
      onCodeSent={() => void navigate({ to: '/login/verify-otp', search: { redirect: search.redirect } })}
    />
  );
}
