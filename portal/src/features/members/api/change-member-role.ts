import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';
import { meQueryKey, type PartnerRole } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';

export type ChangedMember = ApiData<'/api/partners/{partnerSlug}/members/{userId}', 'patch'>;

/**
 * PATCH /api/partners/{slug}/members/{userId} `{ role }` (admin). 409 `last_admin`: a partner keeps
 * at least one admin.
 */
export async function changeMemberRole(
  partnerSlug: string,
  userId: string,
  role: PartnerRole,
): Promise<ChangedMember> {
  const { data } = await apiClient.PATCH('/api/partners/{partnerSlug}/members/{userId}', {
    params: { path: { partnerSlug, userId } },
    body: { role },
  });
  return data as ChangedMember;
}

export interface RoleChange {
  userId: string;
  role: PartnerRole;
  /** The signed-in person's own role: their session and their partner answer change with it. */
  self: boolean;
}

export function useChangeMemberRole(partnerSlug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: RoleChange) => changeMemberRole(partnerSlug, userId, role),
    onSuccess: (_member, { self }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.members(partnerSlug) }),
        // A demoted admin's pending invitations are void (docs/api.md).
        queryClient.invalidateQueries({ queryKey: queryKeys.invitations(partnerSlug) }),
        self ? queryClient.invalidateQueries({ queryKey: meQueryKey }) : undefined,
        self
          ? queryClient.invalidateQueries({ queryKey: queryKeys.partner(partnerSlug), exact: true })
          : undefined,
      ]),
  });
}
