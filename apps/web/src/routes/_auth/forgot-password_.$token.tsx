import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { usePageTitle } from '../../features/site/hooks/use-page-title.ts';

/**
 * The emailed reset link, /forgot-password/{token} (design §7). Not nested in /forgot-password
 * (`forgot-password_`): that page's form is not this one's. Public, signed in or not.
 */
export const Route = createFileRoute('/_auth/forgot-password_/$token')({
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useParams();
  const navigate = useNavigate();
  usePageTitle('Choose a new password');
  return (
    <ResetPasswordForm
      token={token}
      onReset={() => void navigate({ to: '/login', search: { reset: 1 }, replace: true })}
    />
  );
}
