import { Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { listingQueryOptions } from '../../listings/api/listing.ts';
import { ListingCompleteness } from './listing-completeness.tsx';

/** The completeness of one listing on its card, read from the listing itself (decision 021). */
export function ProjectCompleteness({ projectId }: { projectId: number }) {
  const { data, isPending, isError } = useQuery({ ...listingQueryOptions(projectId), staleTime: 60_000 });
  if (isPending) return <Skeleton h={38} aria-label="Loading listing completeness" />;
  if (isError) return null;
  return <ListingCompleteness projectId={projectId} facts={data.completeness} />;
}
