import type { components } from '@/lib/api-schema.gen';

/**
 * What every screen that lists claims shares, the partner's claims and the staff's queue alike: the
 * lifecycle's statuses and types (docs/product.md §4) and how a type reads.
 */

/** A claim's status and type, as the API names them. */
export type ClaimStatus = components['schemas']['ClaimStatus'];
export type ClaimType = components['schemas']['ClaimType'];

/** The lifecycle's statuses, in its order (docs/product.md §4). */
export const claimStatuses = [
  'draft',
  'submitted',
  'in_review',
  'info_requested',
  'approved',
  'rejected',
  'paid',
  'withdrawn',
] as const satisfies readonly ClaimStatus[];

export const claimTypes = [
  'lost',
  'damaged',
  'shortage',
  'other',
] as const satisfies readonly ClaimType[];

/** How a claim's type reads. */
export const claimTypeLabels: Record<ClaimType, string> = {
  lost: 'Lost',
  damaged: 'Damaged',
  shortage: 'Shortage',
  other: 'Other',
};
