import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';

/** An item as the claim form picks it: from the inventory list (docs/api.md, InventoryItem). */
export type PickableItem = ApiData<'/api/partners/{partnerSlug}/inventory', 'get'>['items'][number];

/** How many suggestions the item picker shows. */
const SUGGESTIONS = 10;

/** GET /api/partners/{slug}/inventory?q=: the items whose SKU, name or barcode hold the text. */
export async function searchItems(
  partnerSlug: string,
  text: string,
  signal?: AbortSignal,
): Promise<PickableItem[]> {
  const { data } = await apiClient.GET('/api/partners/{partnerSlug}/inventory', {
    params: { path: { partnerSlug }, query: { q: text, limit: SUGGESTIONS } },
    signal,
  });
  return data?.items ?? [];
}
