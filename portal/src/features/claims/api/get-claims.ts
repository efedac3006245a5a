import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData, ApiQuery } from '@/lib/api-paths';
import type { ListQuery } from '@/lib/list-state';
import { queryKeys } from '@/lib/query-keys';

import { claimStatuses, claimTypes } from './claims-shared';

/** GET /api/partners/{slug}/claims: one page of the partner's claims (docs/api.md, Lists). */
export type ClaimPage = ApiData<'/api/partners/{partnerSlug}/claims', 'get'>;
export type ClaimRow = ClaimPage['items'][number];

type ClaimListParams = ApiQuery<'/api/partners/{partnerSlug}/claims', 'get'>;

/** The fields the API sorts claims by, each on its index (docs/api.md). */
export const claimSortFields = [
  'createdAt',
  'number',
  'incidentDate',
  'amountClaimed',
  'updatedAt',
] as const;
export type ClaimSortField = (typeof claimSortFields)[number];

/**
 * The list's filters, under the API's names. A filing date range (`from`, `to`: `YYYY-MM-DD` in
 * the partner's time zone) and an item are the server's to check.
 */
export const claimFilters = {
  status: claimStatuses,
  type: claimTypes,
  from: 'any',
  to: 'any',
  itemId: 'any',
} as const;
export type ClaimFilterKey = keyof typeof claimFilters;

export type ClaimQuery = ListQuery<ClaimSortField, ClaimFilterKey>;

/** The API's query for a list state (which only holds a status or a type from the sets above). */
export const claimListParams = (query: ClaimQuery): ClaimListParams => ({
  q: query.q,
  status: query.status as ClaimListParams['status'],
  type: query.type as ClaimListParams['type'],
  from: query.from,
  to: query.to,
  itemId: query.itemId,
  sort: query.sort,
  cursor: query.cursor,
});

export async function fetchClaims(
  partnerSlug: string,
  query: ClaimQuery,
  signal?: AbortSignal,
): Promise<ClaimPage> {
  const { data } = await apiClient.GET('/api/partners/{partnerSlug}/claims', {
    params: { path: { partnerSlug }, query: claimListParams(query) },
    signal,
  });
  return data as ClaimPage;
}

export const claimsQueryOptions = (partnerSlug: string, query: ClaimQuery) =>
  queryOptions({
    queryKey: queryKeys.claims.list(partnerSlug, query),
    queryFn: ({ signal }) => fetchClaims(partnerSlug, query, signal),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useClaims(partnerSlug: string, query: ClaimQuery) {
  return useQuery(claimsQueryOptions(partnerSlug, query));
}
