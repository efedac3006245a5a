import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiBody } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

import { isStale, staleClaim } from './claim-conflict';
import { ifMatch, type Claim } from './get-claim';

export type UpdateClaimBody = ApiBody<'/api/partners/{partnerSlug}/claims/{id}', 'patch'>;

/** PATCH /api/partners/{slug}/claims/{id} (a draft; manager, admin), based on `version`. */
export async function updateClaim(
  partnerSlug: string,
  claimId: string,
  version: number,
  body: UpdateClaimBody,
): Promise<Claim> {
  const { data } = await apiClient.PATCH('/api/partners/{partnerSlug}/claims/{id}', {
    params: { path: { partnerSlug, id: claimId }, header: ifMatch(version) },
    body,
  });
  return data as Claim;
}

/**
 * Saves a draft's fields. A 412 puts the current claim (the error's body) on screen: the form keeps
 * what was typed, and the screen says the claim changed.
 */
export function useUpdateClaim(partnerSlug: string, claimId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, body }: { version: number; body: UpdateClaimBody }) =>
      updateClaim(partnerSlug, claimId, version, body),
    onSuccess: async (claim) => {
      queryClient.setQueryData(queryKeys.claims.claim(partnerSlug, claimId), claim);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.claims.lists(partnerSlug) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.claims.events(partnerSlug, claimId) }),
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
