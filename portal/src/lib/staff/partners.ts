import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/staff/partners: every partner with its open and waiting claims (docs/product.md §3a),
 * read by the staff's partner directory and by the partner search of the staff's shells.
 */
export type StaffPartnerPage = ApiData<'/api/staff/partners', 'get'>;
export type StaffPartner = StaffPartnerPage['items'][number];

export async function fetchStaffPartners(
  query: { q?: string; cursor?: string; sort?: string; limit?: number },
  signal?: AbortSignal,
): Promise<StaffPartnerPage> {
  const { data } = await apiClient.GET('/api/staff/partners', {
    params: { query },
    signal,
  });
  return data as StaffPartnerPage;
}

export const staffPartnersQueryOptions = (query: { q?: string; cursor?: string; sort?: string }) =>
  queryOptions({
    queryKey: queryKeys.staff.partners(query),
    queryFn: ({ signal }) => fetchStaffPartners(query, signal),
    placeholderData: keepPreviousData,
  });

export function useStaffPartners(query: { q?: string; cursor?: string; sort?: string }) {
  return useQuery(staffPartnersQueryOptions(query));
}
