import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData, ApiQuery } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

import type { ClaimQuery } from './get-claims';

/**
 * GET /api/partners/{slug}/claims/facets: how many claims in each status and of each type, under the
 * list's other filters (docs/api.md: each tab counts what it would list).
 */
export type ClaimFacets = ApiData<'/api/partners/{partnerSlug}/claims/facets', 'get'>;

type ClaimFacetParams = ApiQuery<'/api/partners/{partnerSlug}/claims/facets', 'get'>;

/** The list's filters the counts are taken under (no sort, no page). */
export type ClaimFacetQuery = Pick<ClaimQuery, 'q' | 'status' | 'type' | 'from' | 'to' | 'itemId'>;

const facetParams = (query: ClaimFacetQuery): ClaimFacetParams => ({
  q: query.q,
  status: query.status as ClaimFacetParams['status'],
  type: query.type as ClaimFacetParams['type'],
  from: query.from,
  to: query.to,
  itemId: query.itemId,
});

/** The filters of a list state, without the keys it leaves unset (one cache key per filter set). */
export function facetQueryOf(query: ClaimQuery): ClaimFacetQuery {
  const { q, status, type, from, to, itemId } = query;
  return Object.fromEntries(
    Object.entries({ q, status, type, from, to, itemId }).filter(
      ([, value]) => value !== undefined && value !== '',
    ),
  ) as ClaimFacetQuery;
}

export async function fetchClaimFacets(
  partnerSlug: string,
  query: ClaimFacetQuery,
  signal?: AbortSignal,
): Promise<ClaimFacets> {
  const { data } = await apiClient.GET('/api/partners/{partnerSlug}/claims/facets', {
    params: { path: { partnerSlug }, query: facetParams(query) },
    signal,
  });
  return data as ClaimFacets;
}

// Under the lists' key: whatever changes a list (a new claim, a transition) refreshes the counts.
export const claimFacetsQueryOptions = (partnerSlug: string, query: ClaimFacetQuery = {}) =>
  queryOptions({
    queryKey: queryKeys.claims.facets(partnerSlug, query),
    queryFn: ({ signal }) => fetchClaimFacets(partnerSlug, query, signal),
    // The counts on screen stay while those of new filters load.
    placeholderData: keepPreviousData,
  });

export function useClaimFacets(partnerSlug: string, query: ClaimFacetQuery = {}) {
  return useQuery(claimFacetsQueryOptions(partnerSlug, query));
}
