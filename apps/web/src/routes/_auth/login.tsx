import { type AuthSession, SESSION_REQUIRED_ERROR } from '@offplan/shared';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { sessionQueryOptions } from '../../features/auth/api/session.ts';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { LoginNotice } from '../../features/auth/components/login-notice-loader.ts';
import { postSignInPath } from '../../features/auth/session-routing.ts';
import { forgetPhoneHint, rememberPhoneHint } from '../../features/auth/two-step-sign-in.ts';
import { usePageTitle } from '../../features/site/hooks/use-page-title.ts';
import { searchInteger, searchOf, searchString } from '../../lib/search-params.ts';

const readLoginSearch = searchOf({
  /** Where to go after signing in (validated again by postSignInPath). */
  redirect: searchString,
  /** 'SessionRequired' when a call needed a session (spec §8). */
  error: searchString,
  /** 1 right after a password reset: the form says the new password is set. */
  reset: searchInteger,
});

export const Route = createFileRoute('/_auth/login')({
  validateSearch: readLoginSearch,
  beforeLoad: ({ context, search }) => {
    // After SessionRequired the server has just refused the session: show the form rather than
    // trust a session answer that could bounce the user between here and the page forever.
    if (search.error === SESSION_REQUIRED_ERROR) return loadNotice();
    // Signed in already, as a fresh answer in the cache says: straight on. Otherwise the form paints
    // without waiting for any call (issue 21) and LoginPage moves on once the session answers.
    const { staleTime, queryKey } = sessionQueryOptions();
    const cached = context.queryClient.getQueryCache().find<AuthSession | null>({ queryKey, exact: true });
    const session = cached?.state.data;
    if (session && cached && typeof staleTime === 'number' && !cached.isStaleByTime(staleTime)) {
      throw redirect({ href: postSignInPath(search.redirect, session.user), replace: true });
    }
    if (search.reset === 1) return loadNotice();
  },
  component: LoginPage,
});

/**
 * The form's notice (a lost session, a new password) is loaded before the page shows, so the form does
 * not move down when it comes; without it (a failed load) the page shows anyway.
 */
function loadNotice(): Promise<void> {
  return LoginNotice.load().then(
    () => undefined,
    () => undefined,
  );
}

/** Signed in already (the session answered after the form painted): straight on, as beforeLoad would. */
function useLeaveWhenSignedIn(search: { redirect?: string | undefined; error?: string | undefined }) {
  const navigate = useNavigate();
  // After SessionRequired the answer is not trusted (see beforeLoad). A session that cannot be read
  // leaves the form up.
  const { data: session } = useQuery({
    ...sessionQueryOptions(),
    enabled: search.error !== SESSION_REQUIRED_ERROR,
  });
  useEffect(() => {
    if (session) void navigate({ href: postSignInPath(search.redirect, session.user), replace: true });
  }, [session, navigate, search.redirect]);
}

function LoginPage() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  usePageTitle('Sign in');
  useLeaveWhenSignedIn(search);
  return (
    <LoginForm
      sessionRequired={search.error === SESSION_REQUIRED_ERROR}
      passwordReset={search.reset === 1}
      onSignedIn={() => {
        forgetPhoneHint();
        void navigate({ href: postSignInPath(search.redirect), replace: true });
      }}
      onTwoFactorRequired={(phoneHint) => {
        rememberPhoneHint(phoneHint);
        void navigate({ to: '/login/verify-phone', search: { redirect: search.redirect } });
      }}
    />
  );
}
