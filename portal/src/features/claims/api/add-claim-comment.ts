import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

import { type ClaimEvent } from './get-claim-events';

/** A comment for everyone who sees the claim, or (staff only) an internal note the partner never sees. */
export interface ClaimComment {
  body: string;
  internal?: boolean;
}

/**
 * POST /api/partners/{slug}/claims/{id}/events `{ body, internal? }`: a comment (managers, admins,
 * staff), or with `internal: true` a staff-only note (docs/api.md, ClaimEvent). A comment is its
 * own resource: the claim's version does not move.
 */
export async function addClaimComment(
  partnerSlug: string,
  claimId: string,
  comment: ClaimComment,
): Promise<ClaimEvent> {
  const { data } = await apiClient.POST('/api/partners/{partnerSlug}/claims/{id}/events', {
    params: { path: { partnerSlug, id: claimId } },
    // `internal` only when set: a partner's comment is the body alone.
    body: comment.internal === true ? comment : { body: comment.body },
  });
  return data as ClaimEvent;
}

export function useAddClaimComment(partnerSlug: string, claimId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: ClaimComment) => addClaimComment(partnerSlug, claimId, comment),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.claims.events(partnerSlug, claimId) }),
  });
}
