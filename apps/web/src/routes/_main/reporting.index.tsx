import { createFileRoute, redirect } from '@tanstack/react-router';

/** /reporting (spec §2) is the group's heading; its first report is the page. */
export const Route = createFileRoute('/_main/reporting/')({
  beforeLoad: () => {
    throw redirect({ to: '/reporting/listing-performance', replace: true });
  },
});
