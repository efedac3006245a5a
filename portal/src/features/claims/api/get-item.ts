import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';

export type ItemDetail = ApiData<'/api/partners/{partnerSlug}/inventory/{id}', 'get'>;

/** GET /api/partners/{slug}/inventory/{id}: the item a form starts with (`?item=`). */
export async function fetchItem(
  partnerSlug: string,
  itemId: string,
  signal?: AbortSignal,
): Promise<ItemDetail> {
  const { data } = await apiClient.GET('/api/partners/{partnerSlug}/inventory/{id}', {
    params: { path: { partnerSlug, id: itemId } },
    signal,
  });
  return data as ItemDetail;
}

export function useItem(partnerSlug: string, itemId: string | undefined) {
  return useQuery(
    queryOptions({
      // The inventory screens' key for an item: an item read there is not read again.
      queryKey: ['partners', partnerSlug, 'inventory', 'item', itemId ?? ''],
      queryFn: ({ signal }) => fetchItem(partnerSlug, itemId ?? '', signal),
      enabled: itemId !== undefined && itemId !== '',
    }),
  );
}
