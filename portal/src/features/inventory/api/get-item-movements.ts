import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/partners/{slug}/inventory/{id}/movements: the item's history, newest first. */
export type MovementPage = ApiData<'/api/partners/{partnerSlug}/inventory/{id}/movements', 'get'>;
export type InventoryMovement = MovementPage['items'][number];
export type MovementKind = InventoryMovement['kind'];

/** The movement history's one order (docs/api.md: newest first). */
export const movementSortFields = ['occurredAt'] as const;

export async function fetchItemMovements(
  partnerSlug: string,
  itemId: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<MovementPage> {
  const { data } = await apiClient.GET('/api/partners/{partnerSlug}/inventory/{id}/movements', {
    params: { path: { partnerSlug, id: itemId }, query: { cursor } },
    signal,
  });
  return data as MovementPage;
}

export const itemMovementsQueryOptions = (
  partnerSlug: string,
  itemId: string,
  cursor: string | undefined,
) =>
  queryOptions({
    queryKey: queryKeys.inventory.movements(partnerSlug, itemId, cursor),
    queryFn: ({ signal }) => fetchItemMovements(partnerSlug, itemId, cursor, signal),
    placeholderData: keepPreviousData,
  });

export function useItemMovements(partnerSlug: string, itemId: string, cursor: string | undefined) {
  return useQuery(itemMovementsQueryOptions(partnerSlug, itemId, cursor));
}
