import {
  API_PATHS,
  gazetteerResponseSchema,
  type Listing,
  type ListingUpdate,
  listingSchema,
  type NewProjectDraft,
  searchAddResultSchema,
} from '@offplan/shared';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { projectsQueryKey } from '../../projects/index.ts';

export const listingsQueryKey = ['listings'] as const;

/** The listing API answers `{ listing }` after every read and change. */
export const listingAnswerSchema = z.object({ listing: listingSchema });

/** GET /api/listings/{id}: the full listing (approved members with projects.edit, and admins). */
export function listingQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...listingsQueryKey, id] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest(API_PATHS.listing(id), { schema: listingAnswerSchema, signal })).listing,
  });
}

/**
 * After a save: the listing's own cache (set from the answer when there is one), and the project
 * search items, which carry the completeness facts the dashboard cards show.
 */
export async function listingChanged(queryClient: QueryClient, id: number, answer?: Listing) {
  const listing = listingQueryOptions(id).queryKey;
  if (answer) queryClient.setQueryData(listing, answer);
  await Promise.all([
    answer ? undefined : queryClient.invalidateQueries({ queryKey: listing }),
    queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
  ]);
}

/** PATCH /api/listings/{id}: the changed fields; answers the saved listing. */
export async function updateListing(id: number, changes: ListingUpdate): Promise<Listing> {
  const answer = await apiRequest(API_PATHS.listing(id), {
    method: 'PATCH',
    body: changes,
    schema: listingAnswerSchema,
  });
  return answer.listing;
}

/** GET /api/listings/search-add?q= (spec §3 search-add: exact match, existing projects, addresses). */
export function useSearchAdd(q: string) {
  const query = q.trim();
  // Follows what the user types: useQuery, no loader.
  return useQuery({
    queryKey: [...listingsQueryKey, 'search-add', query] as const,
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.listingSearchAdd, { query: { q: query }, schema: searchAddResultSchema, signal }),
    enabled: query.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** POST /api/listings: creates the spec §3 draft; answers the new listing. */
export async function createDraft(draft: NewProjectDraft): Promise<Listing> {
  const response = await apiRequest(API_PATHS.listings, {
    method: 'POST',
    body: draft,
    schema: listingAnswerSchema,
  });
  return response.listing;
}

/** GET /api/gazetteer?q=: Australian localities (and street addresses when a geocoder is set). */
export function useGazetteer(q: string) {
  const query = q.trim();
  // Follows what the user types: useQuery, no loader.
  return useQuery({
    queryKey: [...listingsQueryKey, 'gazetteer', query] as const,
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.gazetteer, {
        query: { q: query, limit: 8 },
        schema: gazetteerResponseSchema,
        signal,
      }),
    enabled: query.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
