import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

/** The claim as PUT …/assignee answers it (for staff: with its assignee). */
export type AssignedClaim = ApiData<'/api/partners/{partnerSlug}/claims/{id}/assignee', 'put'>;

/** What to assign: a claim of a partner, to a staff user, or to nobody (`null`). */
export interface Assignment {
  partnerSlug: string;
  claimId: string;
  userId: string | null;
}

/**
 * PUT /api/partners/{slug}/claims/{id}/assignee `{ userId }` (staff): a staff-only `assignment` event.
 * The user is the person signed in, another active staff user (GET /api/staff/users, the claim
 * page's picker) or nobody (docs/product.md §3a).
 */
export async function assignClaim({
  partnerSlug,
  claimId,
  userId,
}: Assignment): Promise<AssignedClaim> {
  const { data } = await apiClient.PUT('/api/partners/{partnerSlug}/claims/{id}/assignee', {
    params: { path: { partnerSlug, id: claimId } },
    body: { userId },
  });
  return data as AssignedClaim;
}

/**
 * Assigns claims one request each (the queue's selection, or the claim on screen), then refreshes
 * what shows an assignee: the claims themselves, their timelines and the staff's lists.
 */
export function useAssignClaims() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignments: readonly Assignment[]) =>
      Promise.allSettled(assignments.map(assignClaim)),
    onSuccess: async (results, assignments) => {
      results.forEach((result, index) => {
        const assignment = assignments[index];
        if (result.status === 'fulfilled' && assignment !== undefined) {
          queryClient.setQueryData(
            queryKeys.claims.claim(assignment.partnerSlug, assignment.claimId),
            result.value,
          );
        }
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.staff.all() }),
        ...assignments.map(({ partnerSlug, claimId }) =>
          queryClient.invalidateQueries({
            queryKey: queryKeys.claims.events(partnerSlug, claimId),
          }),
        ),
      ]);
    },
  });
}
