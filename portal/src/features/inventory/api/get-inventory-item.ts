import { useQuery, type QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs } from 'react-router-dom';

import { ApiError } from '@/lib/api-client';
import { inventoryItemQueryOptions } from '@/lib/item-query';

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
