import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { NotFoundPage } from '../../../components/feedback/not-found-page.tsx';
import { listingQueryOptions } from '../../../features/listings/api/listing.ts';
import { ListingEditor } from '../../../features/listings/components/listing-editor.tsx';
import { ProjectsPageError } from '../../../features/projects/components/projects-page-error.tsx';
import { isApiClientError } from '../../../lib/api-client.ts';

export const Route = createFileRoute('/_main/projects/$id/edit')({
  loader: async ({ context, params }) => {
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) throw notFound();
    try {
      await context.queryClient.ensureQueryData(listingQueryOptions(id));
    } catch (error) {
      if (isApiClientError(error) && error.status === 404) throw notFound();
      throw error;
    }
  },
  notFoundComponent: () => <NotFoundPage />,
  errorComponent: ({ error }) => <ProjectsPageError error={error} title="The listing could not be opened" />,
  component: EditListingPage,
});

function EditListingPage() {
  const params = Route.useParams();
  const { data: listing } = useSuspenseQuery(listingQueryOptions(Number(params.id)));
  // A new editor (fresh form and autosave) for each listing.
  return <ListingEditor key={listing.id} listing={listing} />;
}
