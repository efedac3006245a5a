import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData, ApiQuery } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/partners/{slug}/analytics: one point per bucket (day, ISO week or month, in the
 * partner's time zone) of every series (docs/api.md). The top items are their own request
 * (get-top-items.ts).
 */
export type Analytics = ApiData<'/api/partners/{partnerSlug}/analytics', 'get'>;
export type AnalyticsSeries = Analytics['series'][number];
export type SeriesKey = AnalyticsSeries['key'];
export type SeriesUnit = AnalyticsSeries['unit'];

type AnalyticsQuery = ApiQuery<'/api/partners/{partnerSlug}/analytics', 'get'>;
export type Granularity = NonNullable<AnalyticsQuery['granularity']>;

/** The period and bucket size asked for; the dates are `YYYY-MM-DD`, both ends included. */
export interface AnalyticsParams {
  from: string;
  to: string;
  granularity: Granularity;
}

export async function fetchAnalytics(
  partnerSlug: string,
  params: AnalyticsParams,
  signal?: AbortSignal,
): Promise<Analytics> {
  const { data } = await apiClient.GET('/api/partners/{partnerSlug}/analytics', {
    params: { path: { partnerSlug }, query: params },
    signal,
  });
  return data as Analytics;
}

export const analyticsQueryOptions = (partnerSlug: string, params: AnalyticsParams) =>
  queryOptions({
    queryKey: queryKeys.analytics.series(partnerSlug, params),
    queryFn: ({ signal }) => fetchAnalytics(partnerSlug, params, signal),
    // The charts on screen stay while another period loads.
    placeholderData: keepPreviousData,
  });

export function useAnalytics(partnerSlug: string, params: AnalyticsParams | undefined) {
  return useQuery({
    ...analyticsQueryOptions(partnerSlug, params ?? { from: '', to: '', granularity: 'week' }),
    enabled: params !== undefined,
  });
}
