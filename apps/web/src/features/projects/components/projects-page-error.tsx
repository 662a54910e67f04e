import type { ErrorComponentProps } from '@tanstack/react-router';
import { AdminPageError } from '../../../components/feedback/admin-page-error.tsx';

/** A projects page's error: the reason and a retry; lost sessions go to sign-in. */
export function ProjectsPageError({ error, title }: Pick<ErrorComponentProps, 'error'> & { title: string }) {
  return <AdminPageError error={error} title={title} />;
}
