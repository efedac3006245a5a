import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE …/claims/{id}/attachments/{attachmentId} while evidence is open (manager, admin). */
export async function deleteClaimAttachment(
  partnerSlug: string,
  claimId: string,
  attachmentId: string,
): Promise<void> {
  await apiClient.DELETE('/api/partners/{partnerSlug}/claims/{id}/attachments/{attachmentId}', {
    params: { path: { partnerSlug, id: claimId, attachmentId } },
  });
}

/** Removes a file; the list, the claim's `missing` and the timeline follow. */
export function useDeleteClaimAttachment(partnerSlug: string, claimId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: string) => deleteClaimAttachment(partnerSlug, claimId, attachmentId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: queryKeys.claims.attachments(partnerSlug, claimId),
        }),
        queryClient.invalidateQueries({
          queryKey: queryKeys.claims.claim(partnerSlug, claimId),
          exact: true,
        }),
        queryClient.invalidateQueries({ queryKey: queryKeys.claims.events(partnerSlug, claimId) }),
      ]),
  });
}
