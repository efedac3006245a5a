import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

import type { AnalyticsParams } from './get-analytics';

/**
 * GET /api/partners/{slug}/analytics/top-items: the ten items with the most amount claimed by the
 * claims submitted on the period's days (docs/api.md). Its own request, sent beside the series':
 * the charts do not wait for it (docs/decisions.md).
 */
export type AnalyticsTopItems = ApiData<'/api/partners/{partnerSlug}/analytics/top-items', 'get'>;
export type TopItem = AnalyticsTopItems['items'][number];

/** The period of the top items: the analytics' days, whatever their granularity. */
export type TopItemsParams = Pick<AnalyticsParams, 'from' | 'to'>;

export async function fetchTopItems(
  partnerSlug: string,
  params: TopItemsParams,
  signal?: AbortSignal,
): Promise<AnalyticsTopItems> {
  const { data } = await apiClient.GET('/api/partners/{partnerSlug}/analytics/top-items', {
    params: { path: { partnerSlug }, query: { from: params.from, to: params.to } },
    signal,
  });
  return data as AnalyticsTopItems;
}

export const topItemsQueryOptions = (partnerSlug: string, params: TopItemsParams) =>
  queryOptions({
    // Under the analytics' key: what invalidates the analytics invalidates these too.
    queryKey: queryKeys.analytics.topItems(partnerSlug, params.from, params.to),
    queryFn: ({ signal }) => fetchTopItems(partnerSlug, params, signal),
    // The table on screen stays while another period loads.
    placeholderData: keepPreviousData,
  });

export function useTopItems(partnerSlug: string, params: TopItemsParams | undefined) {
  return useQuery({
    ...topItemsQueryOptions(partnerSlug, params ?? { from: '', to: '' }),
    enabled: params !== undefined,
  });
}
