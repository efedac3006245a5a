import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs } from 'react-router-dom';

import { ApiError, apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';

/** GET /api/partners/{slug}/inventory/{id}: one item with its quantities, value and stock state. */
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

export const inventoryItemQueryKey = (partnerSlug: string, itemId: string) =>
  ['partners', partnerSlug, 'inventory', 'item', itemId] as const;

export const inventoryItemQueryOptions = (partnerSlug: string, itemId: string) =>
  queryOptions({
    queryKey: inventoryItemQueryKey(partnerSlug, itemId),
    queryFn: ({ signal }) => fetchInventoryItem(partnerSlug, itemId, signal),
  });

export function useInventoryItem(partnerSlug: string, itemId: string) {
  return useQuery(inventoryItemQueryOptions(partnerSlug, itemId));
}

/**
 * The item screen's loader: the item, or the product's not-found screen for an id the partner does
 * not have (404, also for another partner's item) or that cannot be an id at all (400).
 */
export const createInventoryItemLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const partnerSlug = params.partnerSlug ?? '';
    const itemId = params.itemId ?? '';
    try {
      await queryClient.ensureQueryData(inventoryItemQueryOptions(partnerSlug, itemId));
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
        throw data(null, { status: 404, statusText: 'Not Found' });
      }
      throw error;
    }
    return null;
  };
