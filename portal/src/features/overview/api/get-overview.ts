import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/partners/{slug}/overview: the key figures against their previous period, the first page
 * of what needs attention, and the latest activity (docs/api.md, Dashboards).
 */
export type Overview = ApiData<'/api/partners/{partnerSlug}/overview', 'get'>;
export type Kpi = Overview['kpis'][number];
export type KpiKey = Kpi['key'];
export type AttentionItem = Overview['needsAttention']['items'][number];
export type ActivityEntry = Overview['recentActivity'][number];

export async function fetchOverview(partnerSlug: string, signal?: AbortSignal): Promise<Overview> {
  const { data } = await apiClient.GET('/api/partners/{partnerSlug}/overview', {
    params: { path: { partnerSlug } },
    signal,
  });
  return data as Overview;
}

export const overviewQueryOptions = (partnerSlug: string) =>
  queryOptions({
    queryKey: queryKeys.overview(partnerSlug),
    queryFn: ({ signal }) => fetchOverview(partnerSlug, signal),
  });

export function useOverview(partnerSlug: string) {
  return useQuery(overviewQueryOptions(partnerSlug));
}
