import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData, ApiQuery } from '@/lib/api-paths';
import type { ListQuery } from '@/lib/list-state';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/partners/{slug}/inventory: one page of the partner's items (docs/api.md, Lists). */
export type InventoryPage = ApiData<'/api/partners/{partnerSlug}/inventory', 'get'>;
export type InventoryItem = InventoryPage['items'][number];
export type StockState = InventoryItem['stockState'];

type InventoryListParams = ApiQuery<'/api/partners/{partnerSlug}/inventory', 'get'>;

/** The fields the API sorts items by. */
export const inventorySortFields = [
  'sku',
  'name',
  'onHand',
  'available',
  'value',
  'updatedAt',
] as const;
export type InventorySortField = (typeof inventorySortFields)[number];

export const itemStatuses = ['active', 'discontinued'] as const satisfies ReadonlyArray<
  InventoryItem['status']
>;
export const stockStates = ['in', 'low', 'out'] as const satisfies readonly StockState[];

/**
 * The list's filters, under the API's names: status and stock state from their fixed sets; a
 * category or a warehouse is the partner's own data, which the server checks.
 */
export const inventoryFilters = {
  status: itemStatuses,
  stock: stockStates,
  category: 'any',
  warehouse: 'any',
} as const;
export type InventoryFilterKey = keyof typeof inventoryFilters;

export type InventoryQuery = ListQuery<InventorySortField, InventoryFilterKey>;

/**
 * The API's query for a list state. The list state only holds a status or a stock state from the
 * sets above, so the narrowing holds.
 */
export const inventoryListParams = (query: InventoryQuery): InventoryListParams => ({
  q: query.q,
  status: query.status as InventoryListParams['status'],
  stock: query.stock as InventoryListParams['stock'],
  category: query.category,
  warehouse: query.warehouse,
  sort: query.sort,
  cursor: query.cursor,
});

export async function fetchInventory(
  partnerSlug: string,
  query: InventoryQuery,
  signal?: AbortSignal,
): Promise<InventoryPage> {
  const { data } = await apiClient.GET('/api/partners/{partnerSlug}/inventory', {
    params: { path: { partnerSlug }, query: inventoryListParams(query) },
    signal,
  });
  return data as InventoryPage;
}

export const inventoryQueryOptions = (partnerSlug: string, query: InventoryQuery) =>
  queryOptions({
    queryKey: queryKeys.inventory.list(partnerSlug, query),
    queryFn: ({ signal }) => fetchInventory(partnerSlug, query, signal),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useInventory(partnerSlug: string, query: InventoryQuery) {
  return useQuery(inventoryQueryOptions(partnerSlug, query));
}
