import { queryOptions } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

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
 * The page of the inbox after `cursor` (the overview's `nextCursor`, then each page's). Fetched
 * with `queryClient.fetchQuery` when the person asks for more: an infinite query would add its
 * machinery to the framework chunk every page loads.
 */
export const needsAttentionQueryOptions = (partnerSlug: string, cursor: string) =>
  queryOptions({
    queryKey: [...queryKeys.overview(partnerSlug), 'needs-attention', cursor],
    queryFn: ({ signal }) => fetchNeedsAttention(partnerSlug, cursor, signal),
  });
