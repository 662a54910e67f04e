import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../../features/site/components/terms-page.tsx';

/** Spec §2: public, in the auth layout; linked from registration and the main layout's sidebar. */
export const Route = createFileRoute('/_auth/terms')({
  component: TermsPage,
});
