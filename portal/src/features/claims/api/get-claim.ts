import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs } from 'react-router-dom';

import { ApiError, apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/partners/{slug}/claims/{id}: the claim with what the caller may do now
 * (`allowedActions`) and what blocks its submission (`missing`).
 */
export type Claim = ApiData<'/api/partners/{partnerSlug}/claims/{id}', 'get'>;
export type AllowedAction = Claim['allowedActions'][number];

export async function fetchClaim(
  partnerSlug: string,
  claimId: string,
  signal?: AbortSignal,
): Promise<Claim> {
  const { data: claim } = await apiClient.GET('/api/partners/{partnerSlug}/claims/{id}', {
    params: { path: { partnerSlug, id: claimId } },
    signal,
  });
  return claim as Claim;
}

export const claimQueryOptions = (partnerSlug: string, claimId: string) =>
  queryOptions({
    queryKey: queryKeys.claims.claim(partnerSlug, claimId),
    queryFn: ({ signal }) => fetchClaim(partnerSlug, claimId, signal),
  });

export function useClaim(partnerSlug: string, claimId: string) {
  return useQuery(claimQueryOptions(partnerSlug, claimId));
}

/** `If-Match: "<version>"`: a change is based on the version on screen (docs/api.md). */
export const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });

/**
 * The claim screen's loader: the claim, or the product's not-found screen for an id the partner
 * does not have (404, also another partner's claim) or that cannot be an id at all (400).
 */
export const createClaimLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const partnerSlug = params.partnerSlug ?? '';
    const claimId = params.claimId ?? '';
    try {
      await queryClient.ensureQueryData(claimQueryOptions(partnerSlug, claimId));
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
        throw data(null, { status: 404, statusText: 'Not Found' });
      }
      throw error;
    }
    return null;
  };
