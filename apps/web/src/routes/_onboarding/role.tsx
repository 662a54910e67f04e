import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { sessionQueryOptions } from '../../features/auth/api/session.ts';
import { RoleForm } from '../../features/auth/components/role-form.tsx';
import {
  DEFAULT_SIGNED_IN_PATH,
  homePathFor,
  mainLayoutAccess,
} from '../../features/auth/session-routing.ts';
import { usePageTitle } from '../../features/site/hooks/use-page-title.ts';

/** The job role (design §1), chosen once, after registering or activating an invitation. */
export const Route = createFileRoute('/_onboarding/role')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.fetchQuery(sessionQueryOptions()).catch(() => null);
    // Same rule as the app's pages: signed out → sign-in (and back), unverified → /verify-email.
    const access = mainLayoutAccess(location, session);
    if ('redirect' in access) throw redirect({ href: access.redirect, replace: true });
    // Issue 15 finding 2: the job role is chosen once; after that only an organisation owner or a
    // platform admin changes it (lead-contact masking hangs on it), so the page has nothing to offer.
    // A platform admin has no job role to choose: their home is /users.
    const jobRoleId = access.session.user.jobRoleId ?? null;
    if (jobRoleId !== null || homePathFor(access.session.user) !== DEFAULT_SIGNED_IN_PATH)
      throw redirect({ href: homePathFor(access.session.user), replace: true });
    return { jobRoleId };
  },
  component: RoleRoute,
});

function RoleRoute() {
  const { jobRoleId } = Route.useRouteContext();
  const navigate = useNavigate();
  usePageTitle('Your role');
  return (
    <RoleForm
      currentRoleId={jobRoleId}
      onChosen={() => void navigate({ to: DEFAULT_SIGNED_IN_PATH, replace: true })}
    />
  );
}
