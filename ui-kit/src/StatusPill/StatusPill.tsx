import type { ComponentPropsWithRef } from 'react';
import type { BadgeTone } from '../Badge/Badge';
import { cx } from '../internal/cx';
import styles from './StatusPill.module.css';

/** The lifecycle states of a claim. */
export type ClaimStatus =
  | 'draft'
  | 'submitted'
  | 'in_review'
  | 'info_requested'
  | 'approved'
  | 'rejected'
  | 'paid'
  | 'withdrawn';

/** One tone per claim status, shared by every place that shows one. */
export const claimStatusTones: Record<ClaimStatus, BadgeTone> = {
  draft: 'neutral',
  submitted: 'accent',
  in_review: 'purple',
  info_requested: 'warning',
  approved: 'success',
  rejected: 'danger',
  paid: 'teal',
  withdrawn: 'neutral',
};

/** Default English labels of the claim statuses. */
export const claimStatusLabels: Record<ClaimStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  in_review: 'In review',
  info_requested: 'Info requested',
  approved: 'Approved',
  rejected: 'Rejected',
  paid: 'Paid',
  withdrawn: 'Withdrawn',
};

export interface StatusPillProps extends Omit<ComponentPropsWithRef<'span'>, 'children'> {
  /** The claim status to show. */
  status: ClaimStatus;
  /** Overrides the label (e.g. a translation); the tone still follows `status`. */
  label?: string;
}

/** A claim's status as a coloured pill with a text label (colour is never the only cue). */
export function StatusPill({ status, label, className, ...rest }: StatusPillProps) {
  return (
    <span
      className={cx(styles.root, className)}
      data-tone={claimStatusTones[status]}
      data-status={status}
      {...rest}
    >
      <span className={styles.dot} aria-hidden="true" />
      {label ?? claimStatusLabels[status]}
    </span>
  );
}
