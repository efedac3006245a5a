import { Link, Money, type DataTableColumn } from '@partner-portal/ui-kit';
import type { ComponentType } from 'react';

import { claimTypeLabels, type ClaimStatus, type ClaimType } from '@/lib/claim-labels';
import { ClaimStatusPill } from '@/lib/claim-status';
import { DISPLAY_LOCALE, type MoneyAmount } from '@/lib/format';

import styles from './claim-columns.module.css';

/**
 * The columns every list of claims shares, written once (the partner's claims, the item page's
 * claims, the staff's queue): the number as a link, the item, the type, the status and the amount
 * claimed. Each is a function of what differs between the lists (the link, the sort, the priority
 * when stacked), spread over a column's other settings.
 */
type Extra<Row> = Partial<Omit<DataTableColumn<Row>, 'id' | 'header' | 'cell'>>;

/** Two lines: what the row is, then where it belongs. */
export interface TwoLinesProps {
  primary: string;
  secondary: string;
}

export function TwoLineCell({ primary, secondary }: TwoLinesProps) {
  return (
    <>
      <span className={styles.primary}>{primary}</span>
      <span className={styles.secondary}>{secondary}</span>
    </>
  );
}

export const claimColumns = {
  /** The claim's number, a link; `secondary` a second line under it (the queue: the type). */
  number: <Row extends { number: string }>(
    href: (claim: Row) => string,
    extra: Extra<Row> = {},
    secondary?: (claim: Row) => string,
  ): DataTableColumn<Row> => ({
    id: 'number',
    header: 'Claim',
    cell: (claim) => (
      <>
        <Link href={href(claim)} className={styles.nowrap}>
          {claim.number}
        </Link>
        {secondary === undefined ? null : (
          <span className={styles.secondary}>{secondary(claim)}</span>
        )}
      </>
    ),
    rowHeader: true,
    ...extra,
  }),

  /**
   * The claimed item's name over its SKU, or "No item" (a claim of type other); `Lines` draws the
   * two lines (the staff's queue cuts them to its column).
   */
  item: <Row extends { item: { name: string; sku: string } | null }>(
    extra: Extra<Row> = {},
    Lines: ComponentType<TwoLinesProps> = TwoLineCell,
  ): DataTableColumn<Row> => ({
    id: 'item',
    header: 'Item',
    cell: (claim) =>
      claim.item === null ? (
        <span className={styles.secondary}>No item</span>
      ) : (
        <Lines primary={claim.item.name} secondary={claim.item.sku} />
      ),
    ...extra,
  }),

  type: <Row extends { type: ClaimType }>(extra: Extra<Row> = {}): DataTableColumn<Row> => ({
    id: 'type',
    header: 'Type',
    cell: (claim) => claimTypeLabels[claim.type],
    ...extra,
  }),

  status: <Row extends { status: ClaimStatus; partiallyApproved?: boolean }>(
    extra: Extra<Row> = {},
  ): DataTableColumn<Row> => ({
    id: 'status',
    header: 'Status',
    cell: (claim) => (
      <ClaimStatusPill status={claim.status} partiallyApproved={claim.partiallyApproved} />
    ),
    ...extra,
  }),

  amountClaimed: <Row extends { amountClaimed: MoneyAmount }>(
    extra: Extra<Row> = {},
  ): DataTableColumn<Row> => ({
    id: 'amountClaimed',
    header: 'Claimed',
    cell: (claim) => (
      <Money
        amount={claim.amountClaimed.amount}
        currency={claim.amountClaimed.currency}
        locale={DISPLAY_LOCALE}
        className={styles.nowrap}
      />
    ),
    align: 'end',
    ...extra,
  }),
};
