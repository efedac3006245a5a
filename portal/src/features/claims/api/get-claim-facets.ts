import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';

import { claimListsKey } from './claims-shared';

/** GET /api/partners/{slug}/claims/facets: how many claims in each status and of each type. */
export type ClaimFacets = ApiData<'/api/partners/{partnerSlug}/claims/facets', 'get'>;

export async function fetchClaimFacets(
  partnerSlug: string,
  signal?: AbortSignal,
): Promise<ClaimFacets> {
  const { data } = await apiClient.GET('/api/partners/{partnerSlug}/claims/facets', {
    params: { path: { partnerSlug } },
    signal,
  });
  return data as ClaimFacets;
}

// Under the lists' key: whatever changes a list (a new claim, a transition) refreshes the counts.
export const claimFacetsQueryOptions = (partnerSlug: string) =>
  queryOptions({
    queryKey: [...claimListsKey(partnerSlug), 'facets'],
    queryFn: ({ signal }) => fetchClaimFacets(partnerSlug, signal),
  });

export function useClaimFacets(partnerSlug: string) {
  return useQuery(claimFacetsQueryOptions(partnerSlug));
}
