import { Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { interestListQueryOptions, myInterestQueryOptions } from '../../features/product-ai/api/interest.ts';
import { InterestList } from '../../features/product-ai/components/interest-list.tsx';
import { ProductAiTeaser } from '../../features/product-ai/components/product-ai-teaser.tsx';
import { siteQueryOptions } from '../../features/site/api/site.ts';

/**
 * Spec §2 hidden "Coming Soon" section: /{product}-ai (navigation item 'product-ai'). The file is the
 * default product's path; another PRODUCT_NAME needs the route renamed (decision 018).
 */
export const Route = createFileRoute('/_main/offplan-ai')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(myInterestQueryOptions()),
      context.isAdmin ? context.queryClient.ensureQueryData(interestListQueryOptions()) : undefined,
    ]),
  component: ProductAiPage,
});

function ProductAiPage() {
  const { data: site } = useSuspenseQuery(siteQueryOptions());
  const { isAdmin } = Route.useRouteContext();
  return (
    <Stack gap="lg">
      <ProductAiTeaser />
      {isAdmin ? <InterestList productName={site.productName} /> : null}
    </Stack>
  );
}
