import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ActivateAccount } from '../../features/auth/components/activate-form.tsx';
import { usePageTitle } from '../../features/site/hooks/use-page-title.ts';
import { searchOf, searchString } from '../../lib/search-params.ts';

const readActivateSearch = searchOf({ token: searchString });

/** An invited user's link, /activate?token= (public): set a password, then choose a role. */
export const Route = createFileRoute('/_onboarding/activate')({
  validateSearch: readActivateSearch,
  component: ActivateRoute,
});

function ActivateRoute() {
  const { token } = Route.useSearch();
  const navigate = useNavigate();
  usePageTitle('Activate your account');
  return (
    <ActivateAccount token={token ?? ''} onActivated={() => void navigate({ to: '/role', replace: true })} />
  );
}
