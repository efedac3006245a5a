import { useMutation, useQueryClient } from '@tanstack/react-query';

import { ApiError, apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * DELETE /api/partners/{slug}/invitations/{id} (admin): the link stops working at once. 404 when the
 * invitation is no longer pending (accepted, expired, revoked by someone else).
 */
export async function revokeInvitation(partnerSlug: string, invitationId: string): Promise<void> {
  await apiClient.DELETE('/api/partners/{partnerSlug}/invitations/{invitationId}', {
    params: { path: { partnerSlug, invitationId } },
  });
}

export function useRevokeInvitation(partnerSlug: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: queryKeys.invitations(partnerSlug) });
  return useMutation({
    mutationFn: (invitationId: string) => revokeInvitation(partnerSlug, invitationId),
    onSuccess: refresh,
    // Not pending any more: the list on screen is out of date.
    onError: (error) => (error instanceof ApiError && error.status === 404 ? refresh() : undefined),
  });
}
