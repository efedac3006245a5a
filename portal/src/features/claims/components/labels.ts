import type { ClaimType } from '../api/claims-shared';

/** How a claim's type reads. */
export const claimTypeLabels: Record<ClaimType, string> = {
  lost: 'Lost',
  damaged: 'Damaged',
  shortage: 'Shortage',
  other: 'Other',
};
