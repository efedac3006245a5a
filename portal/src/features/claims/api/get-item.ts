import { useQuery } from '@tanstack/react-query';

import { inventoryItemQueryOptions } from '@/lib/item-query';

/**
 * The item a form starts with (`?item=`): the inventory's item query (lib/item-query.ts), so an
 * item the item page read is not read again, and a claim filed refreshes both.
 */
export function useItem(partnerSlug: string, itemId: string | undefined) {
  return useQuery({
    ...inventoryItemQueryOptions(partnerSlug, itemId ?? ''),
    enabled: itemId !== undefined && itemId !== '',
  });
}
