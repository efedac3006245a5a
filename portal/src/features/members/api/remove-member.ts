import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import { meQueryKey } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';

/**
 * DELETE /api/partners/{slug}/members/{userId} (admin): the person no longer belongs to the partner.
 * 409 `last_admin`: a partner keeps at least one admin.
 */
export async function removeMember(partnerSlug: string, userId: string): Promise<void> {
  await apiClient.DELETE('/api/partners/{partnerSlug}/members/{userId}', {
    params: { path: { partnerSlug, userId } },
  });
}

export interface Removal {
  userId: string;
  /** The signed-in person leaves the partner: their session no longer lists it. */
  self: boolean;
}

export function useRemoveMember(partnerSlug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: Removal) => removeMember(partnerSlug, userId),
    onSuccess: (_answer, { self }) =>
      self
        ? queryClient.invalidateQueries({ queryKey: meQueryKey })
        : Promise.all([
            queryClient.invalidateQueries({ queryKey: queryKeys.members(partnerSlug) }),
            // A removed admin's pending invitations are void (docs/api.md).
            queryClient.invalidateQueries({ queryKey: queryKeys.invitations(partnerSlug) }),
          ]),
  });
}
