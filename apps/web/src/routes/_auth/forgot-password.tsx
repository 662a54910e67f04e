import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { usePageTitle } from '../../features/site/hooks/use-page-title.ts';

/** Public (spec §2), signed in or not: anyone may ask for a reset link. */
export const Route = createFileRoute('/_auth/forgot-password')({
  component: ForgotPasswordRoute,
});

function ForgotPasswordRoute() {
  usePageTitle('Reset your password');
  return <ForgotPasswordForm />;
}
