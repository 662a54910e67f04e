import {
  PROJECT_API_PATHS,
  PROJECT_SEARCH_MAX_PER_PAGE,
  type ProjectSearchItem,
  type ProjectSearchRequestInput,
} from '@offplan/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const projectsQueryKey = ['projects'] as const;

/** The answers' schemas load beside the call, not with the dashboard (decision 044). */
const searchSchemas = () => import('./project-search-schemas.ts');

/** POST /api/projects/search (spec §7). */
export function searchProjects(body: ProjectSearchRequestInput, signal?: AbortSignal) {
  return apiRequest(PROJECT_API_PATHS.search, {
    method: 'POST',
    body,
    schema: searchSchemas().then((schemas) => schemas.projectSearchResponseSchema),
    ...(signal ? { signal } : {}),
  });
}

/**
 * The search items of the given projects, every page (spec §7: "used to list ids and fetch full
 * projects"). Spec §5: an empty id list answers an empty list without a call.
 */
export async function fetchProjectsByIds(ids: number[], signal?: AbortSignal): Promise<ProjectSearchItem[]> {
  if (ids.length === 0) return [];
  const items: ProjectSearchItem[] = [];
  for (let page = 1; ; page += 1) {
    const response = await searchProjects(
      { params: { project_ids: ids, pagination: { perPage: PROJECT_SEARCH_MAX_PER_PAGE, page } } },
      signal,
    );
    items.push(...response.items);
    if (page >= response.pageCount) return items;
  }
}

export function projectsByIdsQueryOptions(ids: number[]) {
  const sorted = [...ids].sort((a, b) => a - b);
  return queryOptions({
    queryKey: [...projectsQueryKey, 'by-ids', sorted] as const,
    queryFn: ({ signal }) => fetchProjectsByIds(sorted, signal),
  });
}

/** One project's search item: summary for everyone with access, detail for members. */
export function projectQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...projectsQueryKey, 'one', id] as const,
    queryFn: async ({ signal }) => (await fetchProjectsByIds([id], signal))[0] ?? null,
  });
}

/** GET /api/projects/lookup?q=: typo-tolerant search over every project by name, suburb or postcode. */
export function useProjectLookup(q: string) {
  const query = q.trim();
  // Follows what the user types: useQuery, no loader.
  return useQuery({
    queryKey: [...projectsQueryKey, 'lookup', query] as const,
    queryFn: ({ signal }) =>
      apiRequest(PROJECT_API_PATHS.lookup, {
        query: { q: query, limit: 10 },
        schema: searchSchemas().then((schemas) => schemas.projectLookupResponseSchema),
        signal,
      }),
    enabled: query.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
