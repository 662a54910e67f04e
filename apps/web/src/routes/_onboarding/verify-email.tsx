import { ERROR_CODES } from '@offplan/shared';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { sessionQueryOptions } from '../../features/auth/api/session.ts';
import { VerifyEmailPage } from '../../features/auth/components/verify-email-page.tsx';
import { homePathFor } from '../../features/auth/session-routing.ts';
import { searchOf, searchString } from '../../lib/search-params.ts';

const readVerifyEmailSearch = searchOf({
  /** 'EMAIL_NOT_VERIFIED' when the server refused a call for want of a verified email. */
  error: searchString,
});

export const Route = createFileRoute('/_onboarding/verify-email')({
  validateSearch: readVerifyEmailSearch,
  beforeLoad: async ({ context, search }) => {
    const session = await context.queryClient.fetchQuery(sessionQueryOptions()).catch(() => null);
    // Nothing left to verify: an old tab or a bookmark should not strand a verified user here. After
    // the server refused a call as unverified, believe it over the session, which could otherwise
    // bounce the user between here and that page forever.
    const refusedAsUnverified = search.error === ERROR_CODES.emailNotVerified;
    if (session?.user.emailVerified && !refusedAsUnverified)
      throw redirect({ href: homePathFor(session.user), replace: true });
    return { email: session?.user.email ?? null };
  },
  component: VerifyEmailPage,
});
