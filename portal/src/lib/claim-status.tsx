import { StatusPill, type StatusPillProps } from '@partner-portal/ui-kit';

import type { ClaimStatus } from './claim-labels';

export interface ClaimStatusPillProps extends Omit<StatusPillProps, 'status' | 'label'> {
  status: ClaimStatus;
  /** An approval below the claimed amount (docs/product.md §4). */
  partiallyApproved?: boolean;
}

/** A claim's status; an approval below the claimed amount reads "Partially approved". */
export function ClaimStatusPill({
  status,
  partiallyApproved = false,
  ...rest
}: ClaimStatusPillProps) {
  const label = !partiallyApproved
    ? undefined
    : status === 'paid'
      ? 'Paid (partially approved)'
      : 'Partially approved';
  return <StatusPill status={status} label={label} {...rest} />;
}
