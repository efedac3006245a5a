import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/partners/{slug}/claims?itemId=: the claims about one item, newest first. */
export type ItemClaimPage = ApiData<'/api/partners/{partnerSlug}/claims', 'get'>;
export type ItemClaim = ItemClaimPage['items'][number];

/** The item page shows its claims a few at a time: the claims screen has the whole list. */
const ITEM_CLAIMS_PAGE_SIZE = 10;

export async function fetchItemClaims(
  partnerSlug: string,
  itemId: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ItemClaimPage> {
  const { data } = await apiClient.GET('/api/partners/{partnerSlug}/claims', {
    params: {
      path: { partnerSlug },
      query: { itemId, cursor, sort: '-createdAt', limit: ITEM_CLAIMS_PAGE_SIZE },
    },
    signal,
  });
  return data as ItemClaimPage;
}

export const itemClaimsQueryOptions = (
  partnerSlug: string,
  itemId: string,
  cursor: string | undefined,
) =>
  queryOptions({
    // A claim list (docs/architecture.md, "Query keys"): a claim filed or moved elsewhere refreshes it.
    queryKey: queryKeys.claims.ofItem(partnerSlug, itemId, cursor),
    queryFn: ({ signal }) => fetchItemClaims(partnerSlug, itemId, cursor, signal),
    placeholderData: keepPreviousData,
  });

export function useItemClaims(partnerSlug: string, itemId: string, cursor: string | undefined) {
  return useQuery(itemClaimsQueryOptions(partnerSlug, itemId, cursor));
}
