import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/staff/summary: the figures above the queue (docs/product.md §3a): waiting now, overdue,
 * the oldest waiting, decided in the last 7 days, the median days to a decision over 30 days.
 */
export type StaffSummary = ApiData<'/api/staff/summary', 'get'>;

export async function fetchStaffSummary(signal?: AbortSignal): Promise<StaffSummary> {
  const { data } = await apiClient.GET('/api/staff/summary', { signal });
  return data as StaffSummary;
}

export const staffSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.staff.summary(),
    queryFn: ({ signal }) => fetchStaffSummary(signal),
  });

export function useStaffSummary() {
  return useQuery(staffSummaryQueryOptions());
}
