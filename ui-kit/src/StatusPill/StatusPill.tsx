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

/** The stock state of an inventory item: `out` at or below zero available, `low` at or below its reorder point. */
export type StockState = 'in' | 'low' | 'out';

/** One tone per stock state, shared by every place that shows one. */
export const stockStateTones: Record<StockState, BadgeTone> = {
  in: 'success',
  low: 'warning',
  out: 'danger',
};

/** Default English labels of the stock states. */
export const stockStateLabels: Record<StockState, string> = {
  in: 'In stock',
  low: 'Low stock',
  out: 'Out of stock',
};

/** Every status a pill shows: a claim's lifecycle state or an item's stock state. */
export type StatusPillStatus = ClaimStatus | StockState;

const statusTones: Record<StatusPillStatus, BadgeTone> = {
  ...claimStatusTones,
  ...stockStateTones,
};
const statusLabels: Record<StatusPillStatus, string> = {
  ...claimStatusLabels,
  ...stockStateLabels,
};

export interface StatusPillProps extends Omit<ComponentPropsWithRef<'span'>, 'children'> {
  /** The status to show: a claim status or a stock state (`in`, `low`, `out`). */
  status: StatusPillStatus;
  /** Overrides the label (e.g. a translation); the tone still follows `status`. */
  label?: string;
}

/**
 * A claim's status or an item's stock state as a coloured pill with a text label (colour is never
 * the only cue).
 */
export function StatusPill({ status, label, className, ...rest }: StatusPillProps) {
  return (
    <span
      className={cx(styles.root, className)}
      data-tone={statusTones[status]}
      data-status={status}
      {...rest}
    >
      <span className={styles.dot} aria-hidden="true" />
      {label ?? statusLabels[status]}
    </span>
  );
}
