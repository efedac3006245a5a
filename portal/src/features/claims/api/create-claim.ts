import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiBody } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

import { type Claim } from './get-claim';

export type CreateClaimBody = ApiBody<'/api/partners/{partnerSlug}/claims', 'post'>;

/**
 * POST /api/partners/{slug}/claims (manager, admin): 201 a draft. The Idempotency-Key is the
 * form's, made once per filled form: a retry after a lost answer returns the first draft instead
 * of filing a second one.
 */
export async function createClaim(
  partnerSlug: string,
  body: CreateClaimBody,
  idempotencyKey: string,
): Promise<Claim> {
  const { data } = await apiClient.POST('/api/partners/{partnerSlug}/claims', {
    params: { path: { partnerSlug }, header: { 'Idempotency-Key': idempotencyKey } },
    body,
  });
  return data as Claim;
}

export function useCreateClaim(partnerSlug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateClaimBody; idempotencyKey: string }) =>
      createClaim(partnerSlug, body, idempotencyKey),
    onSuccess: async (claim) => {
      queryClient.setQueryData(queryKeys.claims.claim(partnerSlug, claim.id), claim);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.claims.lists(partnerSlug) }),
        claim.item === null
          ? undefined
          : queryClient.invalidateQueries({
              queryKey: queryKeys.inventory.item(partnerSlug, claim.item.id),
            }),
      ]);
    },
  });
}
