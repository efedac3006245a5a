import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

import { type ClaimEvent } from './get-claim-events';

/**
 * POST /api/partners/{slug}/claims/{id}/events `{ body }`: a comment (managers, admins, staff). A
 * comment is its own resource: the claim's version does not move.
 */
export async function addClaimComment(
  partnerSlug: string,
  claimId: string,
  body: string,
): Promise<ClaimEvent> {
  const { data } = await apiClient.POST('/api/partners/{partnerSlug}/claims/{id}/events', {
    params: { path: { partnerSlug, id: claimId } },
    body: { body },
  });
  return data as ClaimEvent;
}

export function useAddClaimComment(partnerSlug: string, claimId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addClaimComment(partnerSlug, claimId, body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.claims.events(partnerSlug, claimId) }),
  });
}
