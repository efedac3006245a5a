import { useInfiniteQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';

import { overviewQueryKey } from './get-overview';

/** GET /api/partners/{slug}/overview/needs-attention: a further page of the inbox (a list page). */
export type NeedsAttentionPage = ApiData<
  '/api/partners/{partnerSlug}/overview/needs-attention',
  'get'
>;

export async function fetchNeedsAttention(
  partnerSlug: string,
  cursor: string,
  signal?: AbortSignal,
): Promise<NeedsAttentionPage> {
  const { data } = await apiClient.GET('/api/partners/{partnerSlug}/overview/needs-attention', {
    params: { path: { partnerSlug }, query: { cursor } },
    signal,
  });
  return data as NeedsAttentionPage;
}

/**
 * The pages after the overview's first one, from its `nextCursor`: nothing is asked until
 * `enabled` (the person asked for more), then one page per `fetchNextPage`.
 */
export function useMoreNeedsAttention(
  partnerSlug: string,
  firstCursor: string | null,
  enabled: boolean,
) {
  return useInfiniteQuery({
    queryKey: [...overviewQueryKey(partnerSlug), 'needs-attention', firstCursor],
    queryFn: ({ pageParam, signal }) => fetchNeedsAttention(partnerSlug, pageParam, signal),
    initialPageParam: firstCursor ?? '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: enabled && firstCursor !== null,
  });
}
