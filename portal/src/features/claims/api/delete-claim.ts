import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';

import { isStale, staleClaim } from './claim-conflict';
import { claimQueryKey, ifMatch } from './get-claim';
import { claimedItemKey, claimListsKey } from './claims-shared';

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
      queryClient.removeQueries({ queryKey: claimQueryKey(partnerSlug, claimId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: claimListsKey(partnerSlug) }),
        itemId === null
          ? undefined
          : queryClient.invalidateQueries({ queryKey: claimedItemKey(partnerSlug, itemId) }),
      ]);
    },
    onError: async (error) => {
      const current = staleClaim(error);
      if (current !== undefined)
        queryClient.setQueryData(claimQueryKey(partnerSlug, claimId), current);
      // A 412 without the claim (not the BFF's answer): read it again.
      else if (isStale(error)) {
        await queryClient.invalidateQueries({ queryKey: claimQueryKey(partnerSlug, claimId) });
      }
    },
  });
}
