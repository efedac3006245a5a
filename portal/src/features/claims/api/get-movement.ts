import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/partners/{slug}/inventory/{id}/movements/{movementId}: the loss, damage or short
 * receipt a new claim is filed from, to fill in the form.
 */
export type SourceMovement = ApiData<
  '/api/partners/{partnerSlug}/inventory/{id}/movements/{movementId}',
  'get'
>;

export async function fetchMovement(
  partnerSlug: string,
  itemId: string,
  movementId: string,
  signal?: AbortSignal,
): Promise<SourceMovement> {
  const { data } = await apiClient.GET(
    '/api/partners/{partnerSlug}/inventory/{id}/movements/{movementId}',
    { params: { path: { partnerSlug, id: itemId, movementId } }, signal },
  );
  return data as SourceMovement;
}

export function useMovement(partnerSlug: string, itemId: string, movementId: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.inventory.movement(partnerSlug, itemId, movementId),
      queryFn: ({ signal }) => fetchMovement(partnerSlug, itemId, movementId ?? '', signal),
      enabled: movementId !== undefined && itemId !== '',
    }),
  );
}
