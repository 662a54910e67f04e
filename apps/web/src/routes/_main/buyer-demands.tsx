import { createFileRoute, notFound } from '@tanstack/react-router';
import { AdminPageError } from '../../components/feedback/admin-page-error.tsx';
import { BuyerDemandsPage } from '../../features/buyer-demands/components/buyer-demands-page.tsx';

/** /buyer-demands (issue 19, platform admins): what buyers ask for, beside what is for sale. */
export const Route = createFileRoute('/_main/buyer-demands')({
  beforeLoad: ({ context }) => {
    // Admins only; the server refuses everyone else as well (reporting.view).
    if (!context.isAdmin) throw notFound();
  },
  errorComponent: ({ error }) => <AdminPageError error={error} title="Buyer demand could not be loaded" />,
  component: BuyerDemandsPage,
});
