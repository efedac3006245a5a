import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

/**
 * The partner of a partner page, read by the layout (its loader fills the cache) and by any screen that
 * needs its time zone or currency: one query, one cache entry.
 *
 * GET /api/partners/{slug}: 404 alike for a slug that does not exist and one the person cannot see.
 */
export type Partner = ApiData<'/api/partners/{partnerSlug}', 'get'>;

export async function fetchPartner(partnerSlug: string, signal?: AbortSignal): Promise<Partner> {
  const { data } = await apiClient.GET('/api/partners/{partnerSlug}', {
    params: { path: { partnerSlug } },
    signal,
  });
  return data as Partner;
}

export const partnerQueryOptions = (partnerSlug: string) =>
  queryOptions({
    queryKey: queryKeys.partner(partnerSlug),
    queryFn: ({ signal }) => fetchPartner(partnerSlug, signal),
  });

export function usePartner(partnerSlug: string) {
  return useQuery(partnerQueryOptions(partnerSlug));
}
