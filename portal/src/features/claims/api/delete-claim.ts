import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

import { isStale, staleClaim } from './claim-conflict';
import { ifMatch } from './get-claim';

/** DELETE /api/partners/{slug}/claims/{id}: a draft and its evidence are gone (manager, admin). */
export async function deleteClaim(
  partnerSlug: string,
  claimId: string,
  version: number,
): Promise<void> {
  await apiClient.DELETE('/api/partners/{partnerSlug}/claims/{id}', {
    params: { path: { partnerSlug, id: claimId }, header: ifMatch(version) },
  });
}

export function useDeleteClaim(partnerSlug: string, claimId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version }: { version: number; itemId: string | null }) =>
      deleteClaim(partnerSlug, claimId, version),
    onSuccess: async (_answer, { itemId }) => {
      queryClient.removeQueries({ queryKey: queryKeys.claims.claim(partnerSlug, claimId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.claims.lists(partnerSlug) }),
        itemId === null
          ? undefined
          : queryClient.invalidateQueries({
              queryKey: queryKeys.inventory.item(partnerSlug, itemId),
            }),
      ]);
    },
    onError: async (error) => {
      const current = staleClaim(error);
      if (current !== undefined)
        queryClient.setQueryData(queryKeys.claims.claim(partnerSlug, claimId), current);
      // A 412 without the claim (not the BFF's answer): read it again.
      else if (isStale(error)) {
        await queryClient.invalidateQueries({
          queryKey: queryKeys.claims.claim(partnerSlug, claimId),
        });
      }
    },
  });
}
