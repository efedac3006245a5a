import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiBody } from '@/lib/api-paths';

import type { InventoryItemDetail } from '@/lib/item-query';
import { queryKeys } from '@/lib/query-keys';

type UpdateItemBody = ApiBody<'/api/partners/{partnerSlug}/inventory/{id}', 'patch'>;

/** PATCH /api/partners/{slug}/inventory/{id} `{ reorderPoint }` (manager, admin); CSRF by the client. */
export async function updateReorderPoint(
  partnerSlug: string,
  itemId: string,
  reorderPoint: number,
): Promise<InventoryItemDetail> {
  const body: UpdateItemBody = { reorderPoint };
  const { data } = await apiClient.PATCH('/api/partners/{partnerSlug}/inventory/{id}', {
    params: { path: { partnerSlug, id: itemId } },
    body,
  });
  return data as InventoryItemDetail;
}

/** Sets the reorder point; the item on screen and the lists (its stock state may move) follow. */
export function useUpdateReorderPoint(partnerSlug: string, itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reorderPoint: number) => updateReorderPoint(partnerSlug, itemId, reorderPoint),
    onSuccess: async (item) => {
      queryClient.setQueryData(queryKeys.inventory.item(partnerSlug, itemId), item);
      await queryClient.invalidateQueries({ queryKey: queryKeys.inventory.lists(partnerSlug) });
    },
  });
}
