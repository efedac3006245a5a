import { queryOptions } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

/**
 * One item of the inventory, a query two features read: the item page (inventory) and the claim form
 * started from an item (claims, `?item=`). One fetch and one set of options here, under one key, so
 * an item read by either is not read again by the other, and a change made on either screen refreshes
 * both.
 *
 * GET /api/partners/{slug}/inventory/{id}: the item with its quantities, value and stock state.
 */
export type InventoryItemDetail = ApiData<'/api/partners/{partnerSlug}/inventory/{id}', 'get'>;

export async function fetchInventoryItem(
  partnerSlug: string,
  itemId: string,
  signal?: AbortSignal,
): Promise<InventoryItemDetail> {
  const { data: item } = await apiClient.GET('/api/partners/{partnerSlug}/inventory/{id}', {
    params: { path: { partnerSlug, id: itemId } },
    signal,
  });
  return item as InventoryItemDetail;
}

export const inventoryItemQueryOptions = (partnerSlug: string, itemId: string) =>
  queryOptions({
    queryKey: queryKeys.inventory.item(partnerSlug, itemId),
    queryFn: ({ signal }) => fetchInventoryItem(partnerSlug, itemId, signal),
  });
