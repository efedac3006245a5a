import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData, ApiQuery } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/staff/partners: every partner with its open and waiting claims (docs/product.md §3a),
 * read by the staff's partner directory and by the partner search of the staff's shells.
 */
export type StaffPartnerPage = ApiData<'/api/staff/partners', 'get'>;
export type StaffPartner = StaffPartnerPage['items'][number];
export type StaffPartnerQuery = ApiQuery<'/api/staff/partners', 'get'>;

export async function fetchStaffPartners(
  query: StaffPartnerQuery,
  signal?: AbortSignal,
): Promise<StaffPartnerPage> {
  const { data } = await apiClient.GET('/api/staff/partners', {
    params: { query },
    signal,
  });
  return data as StaffPartnerPage;
}

export const staffPartnersQueryOptions = (query: StaffPartnerQuery) =>
  queryOptions({
    queryKey: queryKeys.staff.partners(query),
    queryFn: ({ signal }) => fetchStaffPartners(query, signal),
    placeholderData: keepPreviousData,
  });

export function useStaffPartners(query: StaffPartnerQuery) {
  return useQuery(staffPartnersQueryOptions(query));
}
