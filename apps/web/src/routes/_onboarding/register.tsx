import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { sessionQueryOptions } from '../../features/auth/api/session.ts';
import { RegisterForm } from '../../features/auth/components/register-form.tsx';
import { signedInHomePath } from '../../features/auth/session-routing.ts';
import { usePageTitle } from '../../features/site/hooks/use-page-title.ts';

export const Route = createFileRoute('/_onboarding/register')({
  beforeLoad: async ({ context }) => {
    // Someone signed in already has an account: on to where it stands (verify, or the app).
    const session = await context.queryClient.fetchQuery(sessionQueryOptions()).catch(() => null);
    if (session) throw redirect({ href: signedInHomePath(session.user), replace: true });
  },
  component: RegisterRoute,
});

function RegisterRoute() {
  const navigate = useNavigate();
  usePageTitle('Create your account');
  return <RegisterForm onRegistered={() => void navigate({ to: '/verify-email', replace: true })} />;
}
