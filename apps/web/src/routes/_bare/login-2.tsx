import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec §2: an old sign-in address; moved permanently to /login (the server answers 301 too). */
export const Route = createFileRoute('/_bare/login-2')({
  beforeLoad: () => {
    throw redirect({ to: '/login', replace: true, statusCode: 301 });
  },
});
