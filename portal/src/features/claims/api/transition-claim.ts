import { useMutation, useQueryClient } from '@tanstack/react-query';

import { ApiError, apiClient } from '@/lib/api-client';
import type { ApiBody } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

import { isStale, staleClaim } from './claim-conflict';
import { ifMatch, type Claim } from './get-claim';

export type ClaimTransitionBody = ApiBody<
  '/api/partners/{partnerSlug}/claims/{id}/transitions',
  'post'
>;
export type ClaimAction = ClaimTransitionBody['action'];

/**
 * POST /api/partners/{slug}/claims/{id}/transitions `{ action, message?, amountApproved?,
 * payoutReference? }`, based on `version` (docs/product.md §4, the lifecycle).
 */
export async function transitionClaim(
  partnerSlug: string,
  claimId: string,
  version: number,
  body: ClaimTransitionBody,
): Promise<Claim> {
  const { data } = await apiClient.POST('/api/partners/{partnerSlug}/claims/{id}/transitions', {
    params: { path: { partnerSlug, id: claimId }, header: ifMatch(version) },
    body,
  });
  return data as Claim;
}

/** Moves the claim; its timeline and the lists follow. A 412 shows the current claim. */
export function useTransitionClaim(partnerSlug: string, claimId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, body }: { version: number; body: ClaimTransitionBody }) =>
      transitionClaim(partnerSlug, claimId, version, body),
    onSuccess: async (claim) => {
      queryClient.setQueryData(queryKeys.claims.claim(partnerSlug, claimId), claim);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.claims.events(partnerSlug, claimId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.claims.lists(partnerSlug) }),
        // The staff's queue and its figures: a claim decided or sent back leaves it.
        queryClient.invalidateQueries({ queryKey: queryKeys.staff.all() }),
        claim.item === null
          ? undefined
          : queryClient.invalidateQueries({
              queryKey: queryKeys.inventory.item(partnerSlug, claim.item.id),
            }),
      ]);
    },
    onError: async (error) => {
      const current = staleClaim(error);
      if (current !== undefined) {
        queryClient.setQueryData(queryKeys.claims.claim(partnerSlug, claimId), current);
      }
      // Someone else moved the claim: its timeline says how. A 409 means the same, told later.
      if (isStale(error) || (error instanceof ApiError && error.status === 409)) {
        await Promise.all([
          current === undefined
            ? queryClient.invalidateQueries({
                queryKey: queryKeys.claims.claim(partnerSlug, claimId),
              })
            : undefined,
          queryClient.invalidateQueries({
            queryKey: queryKeys.claims.events(partnerSlug, claimId),
          }),
        ]);
      }
    },
  });
}
