import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';
import type { ListQuery } from '@/lib/list-state';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/partners/{slug}/members: one page of the partner's people (docs/api.md, Lists). */
export type MemberPage = ApiData<'/api/partners/{partnerSlug}/members', 'get'>;
export type Member = MemberPage['items'][number];

/** The fields the API sorts members by. */
export const memberSortFields = ['name', 'email', 'role', 'memberSince'] as const;
export type MemberSortField = (typeof memberSortFields)[number];

export type MembersQuery = ListQuery<MemberSortField, never>;

export async function fetchMembers(
  partnerSlug: string,
  query: MembersQuery,
  signal?: AbortSignal,
): Promise<MemberPage> {
  const { data } = await apiClient.GET('/api/partners/{partnerSlug}/members', {
    params: { path: { partnerSlug }, query: { sort: query.sort, cursor: query.cursor } },
    signal,
  });
  return data as MemberPage;
}

export const membersQueryOptions = (partnerSlug: string, query: MembersQuery) =>
  queryOptions({
    queryKey: [...queryKeys.members(partnerSlug), query],
    queryFn: ({ signal }) => fetchMembers(partnerSlug, query, signal),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useMembers(partnerSlug: string, query: MembersQuery) {
  return useQuery(membersQueryOptions(partnerSlug, query));
}
