import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/staff/users: the active staff users by name, whom a claim may be assigned to. */
export type StaffUsers = ApiData<'/api/staff/users', 'get'>;
export type StaffUser = StaffUsers['items'][number];

export async function fetchStaffUsers(signal?: AbortSignal): Promise<StaffUsers> {
  const { data } = await apiClient.GET('/api/staff/users', { signal });
  return data as StaffUsers;
}

/** The staff change seldom: kept for five minutes, then read again in the background. */
export const staffUsersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.staff.users(),
    queryFn: ({ signal }) => fetchStaffUsers(signal),
    staleTime: 5 * 60 * 1000,
  });

export function useStaffUsers() {
  return useQuery(staffUsersQueryOptions());
}
