import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

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

export const claimEventsQueryOptions = (
  partnerSlug: string,
  claimId: string,
  cursor: string | undefined,
) =>
  queryOptions({
    queryKey: [...queryKeys.claims.events(partnerSlug, claimId), cursor ?? null],
    queryFn: ({ signal }) => fetchClaimEvents(partnerSlug, claimId, cursor, signal),
  });

/**
 * One page of the timeline. The screen reads on page by page (each page its own query, rather
 * than an infinite query: its code would weigh on every page of the portal's shared chunk).
 */
export function useClaimEvents(partnerSlug: string, claimId: string, cursor: string | undefined) {
  return useQuery(claimEventsQueryOptions(partnerSlug, claimId, cursor));
}

/**
 * The staff member's latest request for information (a transition to `info_requested`), whose
 * message the page quotes while the claim waits for the answer; null when none is among the newest
 * page of events. Under the timeline's key, so whatever refreshes the timeline refreshes it.
 */
export const infoRequestQueryOptions = (partnerSlug: string, claimId: string) =>
  queryOptions({
    queryKey: [...queryKeys.claims.events(partnerSlug, claimId), 'info-request'],
    queryFn: async ({ signal }): Promise<ClaimEvent | null> => {
      const { data } = await apiClient.GET('/api/partners/{partnerSlug}/claims/{id}/events', {
        params: {
          path: { partnerSlug, id: claimId },
          query: { sort: '-at', limit: EVENTS_PAGE_SIZE },
        },
        signal,
      });
      const newestFirst = (data as ClaimEventPage).items;
      return (
        newestFirst.find(
          (event) => event.kind === 'transition' && event.toStatus === 'info_requested',
        ) ?? null
      );
    },
  });

export function useInfoRequest(partnerSlug: string, claimId: string, enabled: boolean) {
  return useQuery({ ...infoRequestQueryOptions(partnerSlug, claimId), enabled });
}
