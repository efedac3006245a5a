import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';

/** GET /api/partners/{slug}/claims/{id}/events: the timeline, oldest first, a page at a time. */
export type ClaimEventPage = ApiData<'/api/partners/{partnerSlug}/claims/{id}/events', 'get'>;
export type ClaimEvent = ClaimEventPage['items'][number];

/** A timeline is read whole, so its pages are as long as the API allows (docs/product.md §5). */
const EVENTS_PAGE_SIZE = 100;

export async function fetchClaimEvents(
  partnerSlug: string,
  claimId: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ClaimEventPage> {
  const { data } = await apiClient.GET('/api/partners/{partnerSlug}/claims/{id}/events', {
    params: { path: { partnerSlug, id: claimId }, query: { cursor, limit: EVENTS_PAGE_SIZE } },
    signal,
  });
  return data as ClaimEventPage;
}

export const claimEventsKey = (partnerSlug: string, claimId: string) =>
  ['partners', partnerSlug, 'claims', 'claim', claimId, 'events'] as const;

export const claimEventsQueryOptions = (partnerSlug: string, claimId: string) =>
  infiniteQueryOptions({
    queryKey: claimEventsKey(partnerSlug, claimId),
    queryFn: ({ signal, pageParam }) =>
      fetchClaimEvents(partnerSlug, claimId, pageParam ?? undefined, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** The whole timeline so far; `fetchNextPage` reads on when it holds more than a page. */
export function useClaimEvents(partnerSlug: string, claimId: string) {
  return useInfiniteQuery(claimEventsQueryOptions(partnerSlug, claimId));
}
