import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { sessionQueryOptions } from '../../features/auth/api/session.ts';
import { VerifyOtpForm } from '../../features/auth/components/verify-otp-form.tsx';
import { postSignInPath } from '../../features/auth/session-routing.ts';
import { forgetPhoneHint, readPhoneHint } from '../../features/auth/two-step-sign-in.ts';
import { usePageTitle } from '../../features/site/hooks/use-page-title.ts';
import { searchOf, searchString } from '../../lib/search-params.ts';

const readTwoStepSearch = searchOf({
  /** Where to go after signing in (validated again by postSignInPath). */
  redirect: searchString,
});

/** Two-step sign-in, second step (design §7): the texted code. Not nested in /login (`login_`). */
export const Route = createFileRoute('/_auth/login_/verify-otp')({
  validateSearch: readTwoStepSearch,
  beforeLoad: async ({ context, search }) => {
    // Fully signed in already (an old tab, the back button): nothing left to verify.
    const session = await context.queryClient.fetchQuery(sessionQueryOptions()).catch(() => null);
    if (session) throw redirect({ href: postSignInPath(search.redirect, session.user), replace: true });
  },
  component: VerifyOtpRoute,
});

function VerifyOtpRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const [phoneHint] = useState(readPhoneHint);
  usePageTitle('Enter your code');
  return (
    <VerifyOtpForm
      phoneHint={phoneHint}
      redirect={search.redirect}
      onVerified={() => {
        forgetPhoneHint();
        void navigate({ href: postSignInPath(search.redirect), replace: true });
      }}
    />
  );
}
