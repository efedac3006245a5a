import { ApiError } from '@/lib/api-client';

import type { Claim } from './get-claim';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The current claim a 412 `stale` carries (docs/api.md, Optimistic concurrency): someone changed
 * it since the version the change was based on. Undefined for any other failure.
 */
export function staleClaim(error: unknown): Claim | undefined {
  if (!(error instanceof ApiError) || error.status !== 412) return undefined;
  const claim = error.extensions.claim;
  // The BFF's own answer; the check only guards against a body that is not a claim at all.
  return isRecord(claim) && typeof claim.version === 'number' && typeof claim.id === 'string'
    ? (claim as unknown as Claim)
    : undefined;
}

/** A 412: the claim changed since the screen read it. */
export const isStale = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 412;
