import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/partners/{slug}/inventory/facets: the partner's categories and warehouses, with counts. */
export type InventoryFacets = ApiData<'/api/partners/{partnerSlug}/inventory/facets', 'get'>;

export async function fetchInventoryFacets(
  partnerSlug: string,
  signal?: AbortSignal,
): Promise<InventoryFacets> {
  const { data } = await apiClient.GET('/api/partners/{partnerSlug}/inventory/facets', {
    params: { path: { partnerSlug } },
    signal,
  });
  return data as InventoryFacets;
}

export const inventoryFacetsQueryOptions = (partnerSlug: string) =>
  queryOptions({
    queryKey: queryKeys.inventory.facets(partnerSlug),
    queryFn: ({ signal }) => fetchInventoryFacets(partnerSlug, signal),
    // Categories and warehouses change rarely; counts a minute old are good enough for a filter.
    staleTime: 60_000,
  });

export function useInventoryFacets(partnerSlug: string) {
  return useQuery(inventoryFacetsQueryOptions(partnerSlug));
}
